import { receiveSns } from '../../domain/delivery-events/receivers';
import { rawBody } from '../../http/raw-body';
import { payloadParsers } from '../../schemas/payloads/parsers';
import { receiver, RECEIVER_PATHS } from './area';
import { RECEIVE_EVENTS } from '../../capabilities';
import { defineRoute } from '../define-route';

export const webhooksSes = defineRoute(
  {
    ...receiver,
    id: 'webhooks-ses',
    path: RECEIVER_PATHS.ses,
    // SNS posts its JSON messages as text/plain.
    rawBody: 'text/plain',
    summary: 'Receive SES events through Amazon SNS',
    description:
      'Amazon SNS (HTTPS) carrying SES events: signature v1/v2 verified, subscription confirmed for the configured ' +
      'topic.',
    uses: [...RECEIVE_EVENTS, 'providers'],
    example: JSON.stringify({
      Type: 'Notification',
      MessageId: '9f6b8a2e-4c1d-5e3f-8a7b-0c2d4e6f8a1b',
      TopicArn: 'arn:aws:sns:eu-west-1:123456789012:ses-events',
      Message:
        '{"notificationType":"Bounce","bounce":{"bounceType":"Permanent","bounceSubType":"General","bouncedRecipi' +
        'ents":[{"emailAddress":"ada@example.com"}]},"mail":{"messageId":"0102018f-example"}}',
      Timestamp: '2026-01-15T10:00:00.000Z',
      SignatureVersion: '2',
      Signature: '<base64 signature by SNS>',
      SigningCertURL: 'https://sns.eu-west-1.amazonaws.com/SimpleNotificationService-example.pem',
    }),
  },
  async ({ query, event }, deps) => ({
    data: await receiveSns(deps, payloadParsers, query.provider_id, rawBody(event)),
  }),
);

export default webhooksSes;
