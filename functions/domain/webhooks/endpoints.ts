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

/** Whitespace, control characters and backslashes: a URL parser drops or rewrites them silently. */
const AMBIGUOUS = /[\s\x00-\x1f\x7f\\]/;

/**
 * The endpoint URL as it is stored and echoed: the parsed URL's normalised form (`href`), never the
 * raw input (issue 23). Whitespace around it (a paste, a form) is trimmed; whitespace, a control
 * character or a backslash inside it is refused rather than guessed at (a URL parser would drop a
 * CR/LF, encode a space, read `\` as `/`). https only, except http to a loopback host on the local
 * stack; an address literal must not be private or link-local (loopback: local stack only). Names
 * are checked again where they are resolved, at delivery time (webhook-poster.ts).
 */
export const parseWebhookUrl = (raw: string, allowLoopback: boolean): { url: string } | { refusal: string } => {
  const trimmed = raw.trim();
  if (AMBIGUOUS.test(trimmed)) return { refusal: 'must not hold whitespace, control characters or backslashes' };
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return { refusal: 'must be an absolute URL' };
  }
  if (url.username || url.password) return { refusal: 'must not carry credentials' };
  const host = hostOf(url);
  const loopback = isLoopbackHost(host);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && allowLoopback && loopback)) {
    return { refusal: allowLoopback ? 'must be https (http to localhost only)' : 'must be https' };
  }
  if (loopback) return allowLoopback ? { url: url.href } : { refusal: 'must not point at this machine' };
  if (isIP(host) && isInternalAddress(host)) return { refusal: 'must not point at a private or link-local address' };
  return { url: url.href };
};

/** 24 random bytes, base64 as Standard Webhooks has it. */
const newSecret = (ids: Ids) => `whsec_${Buffer.from(ids.secret(24), 'base64url').toString('base64')}`;

/** How long a rotated-out secret keeps verifying: time to roll the new one out to every receiver. */
export const SECRET_OVERLAP_HOURS = 24;

/** Whether a resolved address may be posted to. */
export const webhookAddressAllowed = (address: string, allowLoopback: boolean) =>
  !isInternalAddress(address) || (allowLoopback && isLoopbackAddress(address));

export const presentWebhookEndpoint = (endpoint: WebhookEndpoint) => ({
  id: endpoint.id,
  url: endpoint.url,
  events: endpoint.events,
  enabled: endpoint.enabled !== false,
  created_at: endpoint.created_at,
});

/**
 * Endpoints per account: every event is posted to each subscribed endpoint, so the count multiplies
 * the consumer's work and outbound traffic; a few are all an application needs.
 */
export const MAX_WEBHOOK_ENDPOINTS = 10;

export const createWebhookEndpoint = async (
  deps: WebhookEndpointDeps,
  accountId: string,
  input: { url: string; events: WebhookEventType[] },
) => {
  const parsed = parseWebhookUrl(input.url, deps.allowLoopbackWebhooks);
  if ('refusal' in parsed) throw validationError([{ field: 'url', message: parsed.refusal }]);
  const endpoint: WebhookEndpoint = {
    id: deps.ids.uuid(),
    account_id: accountId,
    url: parsed.url,
    events: [...new Set(input.events)],
    secret: newSecret(deps.ids),
    created_at: isoTimestamp(deps.clock.now()),
  };
  // The count and the endpoint are written together: parallel creations cannot pass the ceiling.
  if (!(await deps.webhooks.create(endpoint, MAX_WEBHOOK_ENDPOINTS))) {
    throw new AppError(
      'CONFLICT',
      `The account has ${MAX_WEBHOOK_ENDPOINTS} webhook endpoints, the most it may have: delete one first`,
    );
  }
  return { ...presentWebhookEndpoint(endpoint), secret: endpoint.secret };
};

export const listWebhookEndpoints = async (deps: Pick<WebhookEndpointDeps, 'webhooks'>, accountId: string) =>
  (await deps.webhooks.list(accountId))
    .sort((a, b) => b.created_at.localeCompare(a.created_at))
    .map(presentWebhookEndpoint);

/** One endpoint of the account, without its secret; another account's is 404, as a missing one is. */
export const getWebhookEndpoint = async (
  deps: Pick<WebhookEndpointDeps, 'webhooks'>,
  accountId: string,
  endpointId: string,
) => {
  const endpoint = await deps.webhooks.get(accountId, endpointId);
  if (!endpoint) throw notFound('Webhook endpoint');
  return presentWebhookEndpoint(endpoint);
};

/**
 * `PATCH`: changes the URL, the events or whether it is enabled, whichever are given; the URL passes the
 * creation's rules again. Its secret and its id stay, so its consumer keeps verifying. Another account's
 * endpoint is 404, as a missing one is.
 */
export const updateWebhookEndpoint = async (
  deps: Pick<WebhookEndpointDeps, 'webhooks' | 'clock' | 'allowLoopbackWebhooks'>,
  accountId: string,
  endpointId: string,
  input: { url?: string; events?: WebhookEventType[]; enabled?: boolean },
) => {
  let url: string | undefined;
  if (input.url !== undefined) {
    const parsed = parseWebhookUrl(input.url, deps.allowLoopbackWebhooks);
    if ('refusal' in parsed) throw validationError([{ field: 'url', message: parsed.refusal }]);
    url = parsed.url;
  }
  const updated = await deps.webhooks.update(accountId, endpointId, {
    url,
    events: input.events && [...new Set(input.events)],
    enabled: input.enabled,
    updated_at: isoTimestamp(deps.clock.now()),
  });
  if (!updated) throw notFound('Webhook endpoint');
  return presentWebhookEndpoint(updated);
};

export const deleteWebhookEndpoint = async (
  deps: Pick<WebhookEndpointDeps, 'webhooks'>,
  accountId: string,
  endpointId: string,
) => {
  if (!(await deps.webhooks.delete(accountId, endpointId))) throw notFound('Webhook endpoint');
};

/**
 * A new signing secret, answered once. The one it replaces keeps signing beside it for
 * SECRET_OVERLAP_HOURS, so receivers can move to the new one without losing a delivery; a second
 * rotation within that time drops the oldest at once (two secrets at most). Another account's endpoint is 404.
 */
export const rotateWebhookSecret = async (
  deps: Pick<WebhookEndpointDeps, 'webhooks' | 'clock' | 'ids'>,
  accountId: string,
  endpointId: string,
) => {
  const secret = newSecret(deps.ids);
  const until = isoTimestamp(new Date(deps.clock.now().getTime() + SECRET_OVERLAP_HOURS * 3600_000));
  const rotated = await deps.webhooks.rotateSecret(accountId, endpointId, secret, until);
  if (!rotated) throw notFound('Webhook endpoint');
  return { ...presentWebhookEndpoint(rotated), secret, previous_secret_expires_at: until };
};
