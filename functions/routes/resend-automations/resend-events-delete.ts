import { deleteEvent } from '../../domain/automations/events';
import { eventParams, resendEventDeleted } from '../../schemas/automations';
import { defineRoute } from '../define-route';
import { resendAutomations } from './area';

export const resendEventsDelete = defineRoute(
  {
    ...resendAutomations,
    id: 'resend-events-delete',
    method: 'DELETE',
    path: '/resend/events/{id_or_name}',
    summary: 'Delete an event',
    request: { params: eventParams },
    response: resendEventDeleted,
    uses: ['automations', 'clock', 'ids'],
  },
  async ({ auth, params }, deps) => {
    const event = await deleteEvent(deps, auth.account_id, params.id_or_name);
    return { data: { object: 'event' as const, id: event.id, deleted: true } };
  },
);

export default resendEventsDelete;
