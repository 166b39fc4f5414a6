import { presentEvent, requireEvent } from '../../domain/automations/events';
import { eventParams, eventView } from '../../schemas/automations';
import { defineRoute } from '../define-route';
import { automations } from './area';

export const eventsGet = defineRoute(
  {
    ...automations,
    id: 'events-get',
    method: 'GET',
    path: '/api/v1/events/{id_or_name}',
    summary: 'Get a declared event by its id or its name',
    request: { params: eventParams },
    response: eventView,
    uses: ['automations'],
  },
  async ({ auth, params }, deps) => ({
    data: presentEvent(await requireEvent(deps, auth.account_id, params.id_or_name)),
  }),
);

export default eventsGet;
