import { createEvent } from '../../domain/automations/events';
import { eventBody, resendEventRef } from '../../schemas/automations';
import { defineRoute } from '../define-route';
import { resendAutomations } from './area';

export const resendEventsCreate = defineRoute(
  {
    ...resendAutomations,
    id: 'resend-events-create',
    method: 'POST',
    path: '/resend/events',
    summary: 'Create an event',
    request: { body: eventBody },
    response: resendEventRef,
    successStatus: 201,
    errors: ['CONFLICT'],
    example: { name: 'user.signed_up', schema: { plan: 'string' } },
    uses: ['automations', 'clock', 'ids'],
  },
  async ({ auth, body }, deps) => {
    const event = await createEvent(deps, auth.account_id, body);
    return { data: { object: 'event' as const, id: event.id } };
  },
);

export default resendEventsCreate;
