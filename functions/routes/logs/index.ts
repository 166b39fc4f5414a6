export { default as logsList } from './logs-list';
export { default as logsGet } from './logs-get';
export { default as usageGet } from './usage-get';
import logsList from './logs-list';
import logsGet from './logs-get';
import usageGet from './usage-get';
import type { AnyRoute } from '../define-route';

/** The area's routes, in the order the route table and the docs list them. */
export const logsRoutes: readonly AnyRoute[] = [logsList, logsGet, usageGet];
