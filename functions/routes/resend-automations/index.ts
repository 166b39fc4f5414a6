export { resendAutomations } from './area';
import resendEventsCreate from './resend-events-create';
import resendEventsList from './resend-events-list';
import resendEventsSend from './resend-events-send';
import resendEventsGet from './resend-events-get';
import resendEventsUpdate from './resend-events-update';
import resendEventsDelete from './resend-events-delete';
import resendAutomationsCreate from './resend-automations-create';
import resendAutomationsList from './resend-automations-list';
import resendAutomationsGet from './resend-automations-get';
import resendAutomationsUpdate from './resend-automations-update';
import resendAutomationsDelete from './resend-automations-delete';
import resendAutomationsDuplicate from './resend-automations-duplicate';
import resendAutomationsStop from './resend-automations-stop';
import resendAutomationRunsList from './resend-automation-runs-list';
import resendAutomationRunsGet from './resend-automation-runs-get';
import type { AnyRoute } from '../define-route';

/** The area's routes, in the order the route table and the docs list them. */
export const resendAutomationsRoutes: readonly AnyRoute[] = [
  resendEventsCreate,
  resendEventsList,
  resendEventsSend,
  resendEventsGet,
  resendEventsUpdate,
  resendEventsDelete,
  resendAutomationsCreate,
  resendAutomationsList,
  resendAutomationsGet,
  resendAutomationsUpdate,
  resendAutomationsDelete,
  resendAutomationsDuplicate,
  resendAutomationsStop,
  resendAutomationRunsList,
  resendAutomationRunsGet,
];
