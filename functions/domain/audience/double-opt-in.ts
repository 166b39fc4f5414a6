import type {
  Clock,
  CounterStore,
  Ids,
  ProviderStore,
  SendQueue,
  SubscriberStore,
  SuppressionStore,
  TrackingSettings,
  ListStore,
  MessageRecords,
  MessageSchedule,
  ContactStore,
  AutomationStore,
} from '../../ports';
import { contactCreated } from '../automations/service-events';
import { sendBatch } from '../mail/send-batch';
import { escapeHtml } from '../escape-html';
import { ExpiredLinkError, notFound } from '../errors';
import { isoTimestamp } from '../time';
import { signFields, verifiedFields } from '../tracking/token';
import type { ConfirmationWording, MailingList, Subscriber } from '../types';

/** Where confirmation links live, under the deployment's public base URL, beside the unsubscribe links. */
export const CONFIRM_PATH = '/u/confirm/';
/** docs/promises.md ("Double opt-in"): a confirmation link works for 7 days. */
const LINK_VALID_SECONDS = 7 * 24 * 3600;
/** One confirmation mail per add: another add of the same waiting address queues one again only after this. */
export const RESEND_AFTER_MS = 10 * 60 * 1000;

export const DEFAULT_CONFIRMATION: ConfirmationWording = {
  subject: 'Please confirm your subscription to {{list_name}}',
  text:
    'Someone, hopefully you, asked to receive the mail of the list "{{list_name}}" at this address.\n\n' +
    'To confirm, open this link (it works for 7 days):\n{{confirm_url}}\n\n' +
    'If it was not you, ignore this mail: you will not hear from this list.',
  html:
    '<p>Someone, hopefully you, asked to receive the mail of the list &ldquo;{{list_name}}&rdquo; at this ' +
    'address.</p>' +
    '<p><a href="{{confirm_url}}">Confirm my subscription</a> (the link works for 7 days).</p>' +
    '<p>If it was not you, ignore this mail: you will not hear from this list.</p>',
};

export interface ConfirmationClaim {
  account_id: string;
  subscriber_id: string;
}

/**
 * Signed with the key of the unsubscribe links (the deployment's tracking key) under a purpose of
 * its own, so neither kind of token verifies as the other; it carries its expiry, so checking it
 * needs no read.
 */
export const confirmToken = (key: string, claim: ConfirmationClaim, expiresAt: number) =>
  signFields(key, 'confirm', [claim.account_id, claim.subscriber_id, expiresAt]);

/**
 * The claim of a confirmation token that verifies and has not expired; anything else is a 404 (it names
 * nothing), an expired one told apart for the reader's page.
 */
export const verifiedConfirmation = async (
  deps: { tracking: TrackingSettings; clock: Clock },
  token: string,
): Promise<ConfirmationClaim> => {
  const [accountId, subscriberId, expiresAt] = verifiedFields(await deps.tracking.key(), 'confirm', token) ?? [];
  if (typeof accountId !== 'string' || typeof subscriberId !== 'string' || typeof expiresAt !== 'number')
    throw notFound('Confirmation link');
  if (deps.clock.now().getTime() / 1000 > expiresAt)
    throw new ExpiredLinkError('Confirmation link', 'subscribe again for a new one');
  return { account_id: accountId, subscriber_id: subscriberId };
};

/**
 * The wording with the link and the list's name filled in (HTML-escaped in html; no line break can reach the
 * subject).
 */
const confirmationMail = (wording: ConfirmationWording, list: MailingList, url: string) => {
  const fill = (text: string, html: boolean) =>
    text
      .replaceAll('{{confirm_url}}', html ? escapeHtml(url) : url)
      .replaceAll('{{list_name}}', html ? escapeHtml(list.name) : list.name);
  return {
    subject: fill(wording.subject, false).replace(/[\r\n]+/g, ' '),
    text: fill(wording.text, false),
    ...(wording.html ? { html: fill(wording.html, true) } : {}),
  };
};

export interface ConfirmationDeps {
  subscribers: SubscriberStore;
  providers: ProviderStore;
  suppressions: SuppressionStore;
  messages: MessageRecords & MessageSchedule;
  counters: CounterStore;
  queue: SendQueue;
  tracking: TrackingSettings;
  clock: Clock;
  ids: Ids;
}

/**
 * Queues the confirmation mail of a subscriber waiting to confirm, through the send queue like any
 * batch item (default provider, suppression list, pacing, retries): at most one per RESEND_AFTER_MS,
 * which the subscriber's record enforces with a conditional write, so concurrent adds send one.
 * Answers whether a mail was queued.
 */
export const sendConfirmation = async (deps: ConfirmationDeps, list: MailingList, subscriber: Subscriber) => {
  const now = deps.clock.now();
  const claimed = await deps.subscribers.claimConfirmationSend(
    subscriber.account_id,
    subscriber.id,
    isoTimestamp(now),
    isoTimestamp(new Date(now.getTime() - RESEND_AFTER_MS)),
  );
  if (!claimed) return false;
  const token = confirmToken(
    await deps.tracking.key(),
    { account_id: subscriber.account_id, subscriber_id: subscriber.id },
    Math.floor(now.getTime() / 1000) + LINK_VALID_SECONDS,
  );
  const url = `${deps.tracking.baseUrl().replace(/\/+$/, '')}${CONFIRM_PATH}${token}`;
  const item = { to: subscriber.email, ...confirmationMail(list.confirmation ?? DEFAULT_CONFIRMATION, list, url) };
  // The link confirms the address: whoever reads it could consent in the subscriber's place, so its body is not kept.
  // Asked for by the API's subscribe (or the list's form): the API's mail, as any batch item.
  const result = await sendBatch(
    { ...deps, keepBodies: false },
    subscriber.account_id,
    { messages: [item] },
    () => ({ ok: true, item }),
    'api',
  );
  return result.queued === 1;
};

export interface ConfirmDeps {
  subscribers: SubscriberStore;
  lists: ListStore;
  tracking: TrackingSettings;
  clock: Clock;
}

/** The confirmation itself starts the automations of a contact the subscription made (subscribers.ts subscribe). */
export interface ConfirmingDeps extends ConfirmDeps {
  contacts: Pick<ContactStore, 'get'>;
  automations: AutomationStore;
  ids: Ids;
}

/** What the confirmation page shows: the list's name, and whether the subscriber confirmed already. */
export const confirmationState = async (deps: ConfirmDeps, claim: ConfirmationClaim) => {
  const subscriber = await deps.subscribers.get(claim.account_id, claim.subscriber_id);
  const list = subscriber && (await deps.lists.get(claim.account_id, subscriber.list_id));
  if (!subscriber || !list) throw notFound('Subscription');
  return { listName: list.name, confirmed: subscriber.confirmed_at != null, subscriber };
};

/** POST: records the confirmation (once; a repeated POST changes nothing). */
export const confirmSubscription = async (deps: ConfirmingDeps, claim: ConfirmationClaim) => {
  const state = await confirmationState(deps, claim);
  if (state.confirmed) return state.listName;
  if (
    (await deps.subscribers.confirm(claim.account_id, claim.subscriber_id, isoTimestamp(deps.clock.now()))) ===
    'missing'
  )
    throw notFound('Subscription');
  // The contact this subscription made starts its automations now (once: the run's id follows from the contact's).
  const { contact_made: made, contact_id: contactId } = state.subscriber;
  const contact = made && contactId ? await deps.contacts.get(claim.account_id, contactId) : undefined;
  if (contact) await contactCreated(deps, contact);
  return state.listName;
};
