import { sendEvent } from '../../domain/automations/events';
import { resendEventSent, sendEventBody } from '../../schemas/automations';
import { defineRoute } from '../define-route';
import { resendAutomations } from './area';

export const resendEventsSend = defineRoute(
  {
    ...resendAutomations,
    id: 'resend-events-send',
    method: 'POST',
    path: '/resend/events/send',
    summary: 'Send an event for a contact',
    description: 'Starts the enabled automations it triggers and wakes the contact runs waiting for it.',
    request: { body: sendEventBody },
    response: resendEventSent,
    successStatus: 202,
    errors: ['NOT_FOUND'],
    example: { event: 'user.signed_up', email: 'ada@example.com', payload: { plan: 'pro' } },
    uses: ['automations', 'contacts', 'clock', 'ids'],
  },
  async ({ auth, body }, deps) => {
    await sendEvent(deps, auth.account_id, body);
    return { data: { object: 'event' as const, event: body.event } };
  },
);

export default resendEventsSend;
