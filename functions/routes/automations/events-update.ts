import { presentEvent, updateEvent } from '../../domain/automations/events';
import { eventParams, eventUpdateBody, eventView } from '../../schemas/automations';
import { defineRoute } from '../define-route';
import { automations } from './area';

export const eventsUpdate = defineRoute(
  {
    ...automations,
    id: 'events-update',
    method: 'PATCH',
    path: '/api/v1/events/{id_or_name}',
    summary: "Replace a declared event's payload schema",
    request: { params: eventParams, body: eventUpdateBody },
    response: eventView,
    example: { schema: { plan: 'string', seats: 'number' } },
    uses: ['automations', 'clock', 'ids'],
  },
  async ({ auth, params, body }, deps) => ({
    data: presentEvent(await updateEvent(deps, auth.account_id, params.id_or_name, body.schema)),
  }),
);

export default eventsUpdate;
