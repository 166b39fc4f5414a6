import { createSubscriberBody, subscriberCreated } from '../../schemas/audience';
import { subscribe } from '../../domain/audience/subscribers';
import { subscribers } from './area';
import { LIST_ID } from '../example-ids';
import { defineRoute } from '../define-route';

export const subscribersCreate = defineRoute(
  {
    ...subscribers,
    id: 'subscribers-create',
    method: 'POST',
    path: '/api/v1/subscribers',
    summary: 'Add a subscriber to a list',
    description:
      'A list holds an address once: (list, email) is unique. The address becomes a contact of the account ' +
      'unless it is one already (`GET /contacts/{id_or_email}`); a contact made so starts the enabled ' +
      'automations triggered by `contact.created`.',
    request: { body: createSubscriberBody },
    response: subscriberCreated,
    successStatus: 201,
    errors: ['NOT_FOUND', 'CONFLICT', 'NO_SMTP_PROVIDER'],
    // A double opt-in list's confirmation mail goes on the send queue; its link is signed.
    example: {
      email: 'ada@example.com',
      list_id: LIST_ID,
      name: 'Ada Lovelace',
      metadata: { plan: 'pro' },
    },
    uses: [
      'lists',
      'subscribers',
      'counters',
      'clock',
      'ids',
      'providers',
      'suppressions',
      'messages',
      'sendQueue',
      'tracking',
      'contacts',
      'automations',
    ],
  },
  async ({ auth, body }, deps) => ({
    data: await subscribe(deps, auth.account_id, body),
  }),
);

export default subscribersCreate;
