import { sendEvent } from '../../domain/automations/events';
import { eventSent, sendEventBody } from '../../schemas/automations';
import { defineRoute } from '../define-route';
import { automations } from './area';

export const eventsSend = defineRoute(
  {
    ...automations,
    id: 'events-send',
    method: 'POST',
    path: '/api/v1/events/send',
    summary: 'Send an event for a contact: start the automations it triggers',
    description:
      'For the contact named by `contact_id`, or by `email` (made when the address has none): every enabled ' +
      'automation whose trigger names the event starts a run, and each run of the contact waiting for the ' +
      'event receives it. Runs go on within the runner interval (a minute at most). A payload that breaks ' +
      "the event's schema is 400 naming the key. The service's own events start automations too: a mail's " +
      '(`email.sent`, `email.delivered`, `email.opened`, `email.clicked`, `email.bounced`, `email.complained`, ' +
      "for its recipient's contact) and `contact.created`.",
    request: { body: sendEventBody },
    response: eventSent,
    successStatus: 202,
    errors: ['NOT_FOUND'],
    example: { event: 'user.signed_up', email: 'ada@example.com', payload: { plan: 'pro' } },
    uses: ['automations', 'contacts', 'clock', 'ids'],
  },
  async ({ auth, body }, deps) => {
    const sent = await sendEvent(deps, auth.account_id, body);
    return {
      data: {
        event: body.event,
        contact_id: sent.contact.id,
        runs_started: sent.started,
        waits_received: sent.received,
      },
    };
  },
);

export default eventsSend;
