import { receiverAnswer, receiverQuery } from '../schemas/receivers';
import type { EventSource } from '../domain/types';
import { defineRoute, type RouteDefinition } from './define-route';

/**
 * Provider receivers: public, verified by the provider's own signature scheme over the raw body
 * (else 401); no API key, so no key rate limit: throttled per provider instead (429).
 */
const receiver = {
  tag: 'Provider receivers',
  permission: null,
  method: 'POST',
  request: { query: receiverQuery },
  response: receiverAnswer,
  table: 'write',
  rawBody: 'application/json',
  errors: ['UNAUTHORIZED', 'RATE_LIMITED'],
} as const;

export const webhooksSes = defineRoute({
  ...receiver,
  id: 'webhooks-ses',
  path: '/api/v1/webhooks/ses',
  // SNS posts its JSON messages as text/plain.
  rawBody: 'text/plain',
  aws: ['webhookEvents'],
  summary:
    'Amazon SNS (HTTPS) carrying SES events: signature v1/v2 verified, subscription confirmed for the configured topic',
});
// These two open the provider's signing key; SNS messages verify by certificate.
export const webhooksSendgrid = defineRoute({
  ...receiver,
  id: 'webhooks-sendgrid',
  path: '/api/v1/webhooks/sendgrid',
  summary: 'SendGrid Event Webhook (signed, ECDSA)',
  aws: ['providerSecrets', 'webhookEvents'],
});
export const webhooksMailgun = defineRoute({
  ...receiver,
  id: 'webhooks-mailgun',
  path: '/api/v1/webhooks/mailgun',
  summary: 'Mailgun webhooks (HMAC, fresh and unused token)',
  aws: ['providerSecrets', 'webhookEvents'],
});

/** The receiver route of each event source. */
export const receiverRoutes = {
  ses: webhooksSes,
  sendgrid: webhooksSendgrid,
  mailgun: webhooksMailgun,
} satisfies Record<EventSource, RouteDefinition>;

/** The URL a provider posts its events to, as shown to the user, who pastes it into the provider. */
export const receiverUrl = (baseUrl: string) => (source: EventSource, providerId: string) =>
  `${baseUrl}${receiverRoutes[source].path}?provider_id=${providerId}`;

/** This file's routes, in the order the route table (index.ts) and the docs list them: a route defined above is added here. */
export const receiversRoutes: readonly RouteDefinition[] = [webhooksSes, webhooksSendgrid, webhooksMailgun];
