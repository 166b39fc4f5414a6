import { receiveMailgun } from '../../domain/delivery-events/receivers';
import { rawBody } from '../../http/raw-body';
import { payloadParsers } from '../../schemas/payloads/parsers';
import { receiver, RECEIVER_PATHS } from './area';
import { RECEIVE_EVENTS } from '../../capabilities';
import { defineRoute } from '../define-route';

export const webhooksMailgun = defineRoute(
  {
    ...receiver,
    id: 'webhooks-mailgun',
    path: RECEIVER_PATHS.mailgun,
    summary: 'Receive Mailgun events',
    description: "Mailgun's webhooks, signed (HMAC) with a fresh and unused token.",
    example: {
      signature: {
        timestamp: '1767225600',
        token: '2b1f9c0d8e7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c2d1e0f9a8b',
        signature: '<hex HMAC-SHA256 of timestamp + token>',
      },
      'event-data': {
        id: 'CPgfbmQMTCKtHW6uIWtuVe',
        event: 'failed',
        severity: 'permanent',
        reason: 'bounce',
        recipient: 'ada@example.com',
      },
    },
    uses: [...RECEIVE_EVENTS, 'providersSigning'],
  },
  async ({ query, event }, deps) => ({
    data: await receiveMailgun(deps, payloadParsers, query.provider_id, rawBody(event)),
  }),
);

export default webhooksMailgun;
