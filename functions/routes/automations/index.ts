export { automations } from './area';
import automationsCreate from './automations-create';
import automationsList from './automations-list';
import automationsGet from './automations-get';
import automationsUpdate from './automations-update';
import automationsDelete from './automations-delete';
import automationsDuplicate from './automations-duplicate';
import automationsStop from './automations-stop';
import automationRunsList from './automation-runs-list';
import automationRunsGet from './automation-runs-get';
import eventsCreate from './events-create';
import eventsList from './events-list';
import eventsGet from './events-get';
import eventsUpdate from './events-update';
import eventsDelete from './events-delete';
import eventsSend from './events-send';
import type { AnyRoute } from '../define-route';

/** The area's routes, in the order the route table and the docs list them. */
export const automationsRoutes: readonly AnyRoute[] = [
  eventsCreate,
  eventsList,
  eventsSend,
  eventsGet,
  eventsUpdate,
  eventsDelete,
  automationsCreate,
  automationsList,
  automationsGet,
  automationsUpdate,
  automationsDelete,
  automationsDuplicate,
  automationsStop,
  automationRunsList,
  automationRunsGet,
];
