import { updateEvent } from '../../domain/automations/events';
import { eventParams, eventUpdateBody, resendEventRef } from '../../schemas/automations';
import { defineRoute } from '../define-route';
import { resendAutomations } from './area';

export const resendEventsUpdate = defineRoute(
  {
    ...resendAutomations,
    id: 'resend-events-update',
    method: 'PATCH',
    path: '/resend/events/{id_or_name}',
    summary: "Update an event's schema",
    request: { params: eventParams, body: eventUpdateBody },
    response: resendEventRef,
    example: { schema: { plan: 'string' } },
    uses: ['automations', 'clock', 'ids'],
  },
  async ({ auth, params, body }, deps) => {
    const event = await updateEvent(deps, auth.account_id, params.id_or_name, body.schema);
    return { data: { object: 'event' as const, id: event.id } };
  },
);

export default resendEventsUpdate;
