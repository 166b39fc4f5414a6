export { resendLogs } from './area';
export { default as resendLogsList } from './resend-logs-list';
export { default as resendLogsGet } from './resend-logs-get';
export { default as resendUsageGet } from './resend-usage-get';
import resendLogsList from './resend-logs-list';
import resendLogsGet from './resend-logs-get';
import resendUsageGet from './resend-usage-get';
import type { AnyRoute } from '../define-route';

/** The area's routes, in the order the route table and the docs list them. */
export const resendLogsRoutes: readonly AnyRoute[] = [resendLogsList, resendLogsGet, resendUsageGet];
