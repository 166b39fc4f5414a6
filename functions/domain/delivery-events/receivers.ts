import type { Clock, ReplayGuard, SnsCertificates, SubscriptionConfirmer } from '../../ports';
import { applyProviderEvents, type ProviderEventDeps } from './apply-provider-events';
import { parseSesNotification } from './ses-notification';
import { AppError } from '../errors';
import { isRecord, jsonOf } from '../json';
import type { EventSource, Provider, ProviderEvents } from '../types';
import type { PayloadParsers } from './payload-parsers';
import { parseMailgunEvent, verifyMailgunSignature } from './mailgun-event';
import { countReceiverCall, type ReceiverThrottleDeps } from './receiver-throttle';
import { parseSendgridEvents, verifySendgrid } from './sendgrid-events';
import { isSnsSubscribeUrl, parseSnsMessage, verifySnsMessage } from './sns-message';

export interface ReceiverDeps extends ProviderEventDeps, ReceiverThrottleDeps {
  certificates: SnsCertificates;
  confirmer: SubscriptionConfirmer;
  replays: ReplayGuard;
  clock: Clock;
}

/** Mailgun timestamps older than this (or this far ahead) are refused (docs/promises.md). */
const MAILGUN_MAX_AGE_SECONDS = 300;

const unauthorized = () => new AppError('UNAUTHORIZED', 'The request is not signed by the configured provider');
const nothing = { received: 0, recorded: 0 };

/**
 * The provider config named by `provider_id` holds the secrets that verify its events; a missing
 * config, or one for another provider, cannot verify anything, so it is the same 401. The call is
 * then counted against the provider's limit, before any verification (and so any download) happens.
 */
const configuredProvider = async (deps: ReceiverDeps, providerId: string, source: EventSource) => {
  const provider = await deps.providers.findById(providerId);
  if (!provider || provider.events?.source !== source) throw unauthorized();
  await countReceiverCall(deps, provider.id);
  return provider as Provider & { events: ProviderEvents };
};

/** Amazon SNS over HTTPS, carrying SES events. */
export const receiveSns = async (deps: ReceiverDeps, parse: PayloadParsers, providerId: string, raw: Buffer) => {
  const provider = await configuredProvider(deps, providerId, 'ses');
  const message = parseSnsMessage(parse, raw.toString('utf8'));
  if (!message || !(await verifySnsMessage(message, deps.certificates))) throw unauthorized();
  // Genuine SNS, but another topic than this provider's: acknowledged, and nothing is done with it.
  if (!provider.events.sns_topic_arn || message.TopicArn !== provider.events.sns_topic_arn) return nothing;
  if (message.Type === 'SubscriptionConfirmation') {
    if (message.SubscribeURL && isSnsSubscribeUrl(message.SubscribeURL)) {
      await deps.confirmer.confirm(message.SubscribeURL);
      await deps.providers.setSubscriptionState(provider.account_id, provider.id, 'confirmed');
    }
    return nothing;
  }
  // UnsubscribeConfirmation is only acknowledged: visiting its link would subscribe again.
  if (message.Type !== 'Notification') return nothing;
  const events = parseSesNotification(parse, message.Message, message.MessageId);
  return { received: events.length, recorded: await applyProviderEvents(deps, 'ses', events, provider.account_id) };
};

export const receiveSendgrid = async (
  deps: ReceiverDeps,
  parse: PayloadParsers,
  providerId: string,
  raw: Buffer,
  headers: Record<string, string | undefined>,
) => {
  const provider = await configuredProvider(deps, providerId, 'sendgrid');
  const signature = headers['x-twilio-email-event-webhook-signature'];
  const timestamp = headers['x-twilio-email-event-webhook-timestamp'];
  if (!provider.events.signing_key || !verifySendgrid(provider.events.signing_key, signature, timestamp, raw))
    throw unauthorized();
  // Signed by SendGrid, so a body of the wrong shape is malformed (400), not forged.
  const events = parseSendgridEvents(parse.sendgridEvents(jsonOf(raw.toString('utf8'))));
  return {
    received: events.length,
    recorded: await applyProviderEvents(deps, 'sendgrid', events, provider.account_id),
  };
};

export const receiveMailgun = async (deps: ReceiverDeps, parse: PayloadParsers, providerId: string, raw: Buffer) => {
  const provider = await configuredProvider(deps, providerId, 'mailgun');
  const payload = jsonOf(raw.toString('utf8'));
  // The signature block is what a Mailgun request is verified by: any other shape is unsigned (401).
  const block = parse.mailgunSignature(isRecord(payload) ? payload.signature : undefined);
  if (!provider.events.signing_key || !block || !verifyMailgunSignature(provider.events.signing_key, block))
    throw unauthorized();
  const { timestamp, token } = block;
  // The signature does not cover the event, so freshness and a single use of the token stop replays.
  const signedAt = Number(timestamp);
  const now = deps.clock.now().getTime() / 1000;
  if (Math.abs(now - signedAt) > MAILGUN_MAX_AGE_SECONDS) throw unauthorized();
  // Checked before the token is spent: a malformed event (400) leaves the token to the genuine one.
  const data = parse.mailgunEventData((payload as Record<string, unknown>)['event-data']);
  if (!(await deps.replays.firstUse(`mailgun:${provider.id}`, token, signedAt + 2 * MAILGUN_MAX_AGE_SECONDS)))
    throw unauthorized();
  const events = parseMailgunEvent(data);
  return { received: events.length, recorded: await applyProviderEvents(deps, 'mailgun', events, provider.account_id) };
};
