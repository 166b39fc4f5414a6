import { receiverAnswer, receiverQuery } from '../../schemas/receivers';
import type { EventSource } from '../../domain/types';

/**
 * Provider receivers: public, verified by the provider's own signature scheme over the raw body
 * (else 401); no API key, so no key rate limit: throttled per provider instead (429).
 */
export const receiver = {
  tag: 'Provider receivers',
  permission: null,
  method: 'POST',
  request: { query: receiverQuery },
  response: receiverAnswer,
  table: 'write',
  rawBody: 'application/json',
  errors: ['UNAUTHORIZED', 'RATE_LIMITED'],
} as const;

/** The receiver route's path of each event source (its module: webhooks-<source>.ts). */
export const RECEIVER_PATHS = {
  ses: '/api/v1/webhooks/ses',
  sendgrid: '/api/v1/webhooks/sendgrid',
  mailgun: '/api/v1/webhooks/mailgun',
} as const satisfies Record<EventSource, string>;

/** The URL a provider posts its events to, as shown to the user, who pastes it into the provider. */
export const receiverUrl = (baseUrl: string) => (source: EventSource, providerId: string) =>
  `${baseUrl}${RECEIVER_PATHS[source]}?provider_id=${providerId}`;
