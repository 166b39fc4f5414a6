import { receiverAnswer, receiverQuery } from '../schemas/audience';
import { defineRoute } from './define-route';

/** Provider receivers: public, verified by the provider's own signature scheme, never rate limited. */
const receiver = { tag: 'Provider receivers', permission: null, method: 'POST', request: { query: receiverQuery }, response: receiverAnswer, table: 'write' } as const;

export const webhooksSes = defineRoute({
  ...receiver,
  id: 'webhooks-ses',
  path: '/api/v1/webhooks/ses',
  summary: 'Amazon SNS (HTTPS) carrying SES events: signature v1/v2 verified, subscription confirmed for the configured topic',
});
// These two open the provider's signing key; SNS messages verify by certificate.
export const webhooksSendgrid = defineRoute({ ...receiver, id: 'webhooks-sendgrid', path: '/api/v1/webhooks/sendgrid', summary: 'SendGrid Event Webhook (signed, ECDSA)', aws: ['providerSecrets'] });
export const webhooksMailgun = defineRoute({ ...receiver, id: 'webhooks-mailgun', path: '/api/v1/webhooks/mailgun', summary: 'Mailgun webhooks (HMAC, fresh and unused token)', aws: ['providerSecrets'] });
