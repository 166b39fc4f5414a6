import { listEvents, presentEvent } from '../../domain/automations/events';
import { eventsList } from '../../schemas/automations';
import { defineRoute } from '../define-route';
import { automations } from './area';

export const eventsListRoute = defineRoute(
  {
    ...automations,
    id: 'events-list',
    method: 'GET',
    path: '/api/v1/events',
    summary: "List the account's declared events, newest first",
    description: 'All of them in one answer (an account declares at most 200).',
    response: eventsList,
    uses: ['automations'],
  },
  async ({ auth }, deps) => ({ data: { events: (await listEvents(deps, auth.account_id)).map(presentEvent) } }),
);

export default eventsListRoute;
