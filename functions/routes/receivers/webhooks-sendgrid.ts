import { receiveSendgrid } from '../../domain/delivery-events/receivers';
import { rawBody } from '../../http/raw-body';
import { payloadParsers } from '../../schemas/payloads/parsers';
import { receiver, RECEIVER_PATHS } from './area';
import { RECEIVE_EVENTS } from '../../capabilities';
import { defineRoute } from '../define-route';

export const webhooksSendgrid = defineRoute(
  {
    ...receiver,
    id: 'webhooks-sendgrid',
    path: RECEIVER_PATHS.sendgrid,
    summary: 'Receive SendGrid events',
    description: "SendGrid's Event Webhook, signed (ECDSA).",
    example: [
      {
        email: 'ada@example.com',
        event: 'bounce',
        type: 'bounce',
        reason: '550 5.1.1 user unknown',
        sg_event_id: 'ZGVsaXZlcmVkLTAtMTIzNDU',
        sg_message_id: '14c5d75ce93.dfd.64b469.filter0001.16648.5515E0B88.0',
      },
    ],
    uses: [...RECEIVE_EVENTS, 'providersSigning'],
  },
  async ({ query, event }, deps) => ({
    data: await receiveSendgrid(deps, payloadParsers, query.provider_id, rawBody(event), event.headers ?? {}),
  }),
);

export default webhooksSendgrid;
