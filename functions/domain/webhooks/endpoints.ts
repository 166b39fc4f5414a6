import type { Clock, Ids, WebhookEndpointStore } from '../../ports';
import { AppError, notFound, validationError } from '../errors';
import { isInternalAddress, isLoopbackAddress, isLoopbackHost } from '../providers/smtp-host';
import { isoTimestamp } from '../time';
import type { WebhookEndpoint, WebhookEventType } from './records';
import { isIP } from 'node:net';

export interface WebhookEndpointDeps {
  webhooks: WebhookEndpointStore;
  clock: Clock;
  ids: Ids;
  /** The local stack: http and loopback endpoints are allowed (never private or link-local ones). */
  allowLoopbackWebhooks: boolean;
}

const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, '');

/**
 * Why an endpoint URL is refused, or null. https only, except http to a loopback host on the local
 * stack; an address literal must not be private or link-local (loopback: local stack only). Names
 * are checked again where they are resolved, at delivery time (webhook-poster.ts).
 */
export const webhookUrlRefusal = (raw: string, allowLoopback: boolean): string | null => {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'must be an absolute URL';
  }
  if (url.username || url.password) return 'must not carry credentials';
  const host = hostOf(url);
  const loopback = isLoopbackHost(host);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && allowLoopback && loopback)) {
    return allowLoopback ? 'must be https (http to localhost only)' : 'must be https';
  }
  if (loopback) return allowLoopback ? null : 'must not point at this machine';
  if (isIP(host) && isInternalAddress(host)) return 'must not point at a private or link-local address';
  return null;
};

/** Whether a resolved address may be posted to. */
export const webhookAddressAllowed = (address: string, allowLoopback: boolean) =>
  !isInternalAddress(address) || (allowLoopback && isLoopbackAddress(address));

export const presentWebhookEndpoint = (endpoint: WebhookEndpoint) => ({
  id: endpoint.id,
  url: endpoint.url,
  events: endpoint.events,
  created_at: endpoint.created_at,
});

/**
 * Endpoints per account: every event is posted to each subscribed endpoint, so the count multiplies
 * the consumer's work and outbound traffic; a few are all an application needs.
 */
export const MAX_WEBHOOK_ENDPOINTS = 10;

export const createWebhookEndpoint = async (deps: WebhookEndpointDeps, accountId: string, input: { url: string; events: WebhookEventType[] }) => {
  const refusal = webhookUrlRefusal(input.url, deps.allowLoopbackWebhooks);
  if (refusal) throw validationError([{ field: 'url', message: refusal }]);
  const endpoint: WebhookEndpoint = {
    id: deps.ids.uuid(),
    account_id: accountId,
    url: input.url,
    events: [...new Set(input.events)],
    // 24 random bytes, base64 as Standard Webhooks has it.
    secret: `whsec_${Buffer.from(deps.ids.secret(24), 'base64url').toString('base64')}`,
    created_at: isoTimestamp(deps.clock.now()),
  };
  // The count and the endpoint are written together: parallel creations cannot pass the ceiling.
  if (!(await deps.webhooks.create(endpoint, MAX_WEBHOOK_ENDPOINTS))) {
    throw new AppError('CONFLICT', `The account has ${MAX_WEBHOOK_ENDPOINTS} webhook endpoints, the most it may have: delete one first`);
  }
  return { ...presentWebhookEndpoint(endpoint), secret: endpoint.secret };
};

export const listWebhookEndpoints = async (deps: Pick<WebhookEndpointDeps, 'webhooks'>, accountId: string) =>
  (await deps.webhooks.list(accountId)).sort((a, b) => b.created_at.localeCompare(a.created_at)).map(presentWebhookEndpoint);

export const deleteWebhookEndpoint = async (deps: Pick<WebhookEndpointDeps, 'webhooks'>, accountId: string, endpointId: string) => {
  if (!(await deps.webhooks.delete(accountId, endpointId))) throw notFound('Webhook endpoint');
};
