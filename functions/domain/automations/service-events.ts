import type { AutomationStore, Clock, ContactStore, Ids, MessageLookups } from '../../ports';
import type { Contact } from '../contacts/contact';
import { messageUuid } from '../mail/message-id';
import { WEBHOOK_EVENT_TYPES, type OutboundEvent, type WebhookEventType } from '../webhooks/records';
import type { Automation } from './records';
import { receiveWaits, startRuns, triggeredBy } from './start-runs';

/**
 * The service's own events an automation's trigger (or wait) may name: a mail's (every webhook event but a
 * received mail's, which is no contact's mail), and a contact made.
 */
export const EMAIL_TRIGGERS: readonly WebhookEventType[] = WEBHOOK_EVENT_TYPES.filter(
  (type) => type !== 'email.received',
);
export const CONTACT_CREATED = 'contact.created';

/**
 * How long an account's automations are held in a process before they are read again. The service's
 * events are many (every send, delivery, open) and most accounts' automations name none of them: the
 * answer "none listens" costs one Query per account a minute, not one per event. A change made in
 * another process (another Lambda) is seen within this time; this process forgets at once.
 */
export const LISTENERS_TTL_MS = 60_000;
const MAX_ACCOUNTS_HELD = 10_000;

interface Listeners {
  read_at: number;
  enabled: Automation[];
  /** The event names the enabled automations' triggers and waits name. */
  names: Set<string>;
}

const held = new Map<string, Listeners>();

/** An automation of the account was written: its next service event reads them again. */
export const forgetListeners = (accountId: string) => {
  held.delete(accountId);
};

const listeners = async (deps: { automations: AutomationStore; clock: Clock }, accountId: string) => {
  const now = deps.clock.now().getTime();
  const found = held.get(accountId);
  if (found && now - found.read_at >= 0 && now - found.read_at < LISTENERS_TTL_MS) return found;
  const enabled = (await deps.automations.all(accountId)).filter((a) => a.status === 'enabled');
  const names = new Set(
    enabled.flatMap((a) =>
      a.steps
        .filter((s) => s.type === 'trigger' || s.type === 'wait_for_event')
        .map((s) => String(s.config.event_name)),
    ),
  );
  held.delete(accountId);
  if (held.size >= MAX_ACCOUNTS_HELD) held.delete(held.keys().next().value!);
  const entry = { read_at: now, enabled, names };
  held.set(accountId, entry);
  return entry;
};

type ServiceEventDeps = { automations: AutomationStore; clock: Clock; ids: Ids };

/**
 * A contact was made (POST /contacts, Resend's contacts.create, an event's new address, a subscription, an
 * import's row; not the contact an unsubscribe or a preference page makes of an address): the enabled
 * automations triggered by `contact.created` start a run for it, once (the run's id follows from the
 * contact's). Nothing is read when none listens but the account's automations once a minute.
 */
export const contactCreated = async (deps: ServiceEventDeps, contact: Contact) => {
  const { enabled, names } = await listeners(deps, contact.account_id);
  if (!names.has(CONTACT_CREATED)) return 0;
  return startRuns(
    deps,
    contact.account_id,
    triggeredBy(enabled, CONTACT_CREATED),
    { contact_id: contact.id, event: CONTACT_CREATED, payload: { contact_id: contact.id, email: contact.email } },
    { key: `${CONTACT_CREATED}/${contact.id}`, at: new Date(contact.created_at) },
  );
};

/** Runs started at once for an import chunk's new contacts. */
const CONTACTS_AT_ONCE = 10;

/** Many contacts made together (an import's chunk): as contactCreated each, nothing more read when none listens. */
export const contactsCreated = async (deps: ServiceEventDeps, contacts: readonly Contact[]) => {
  if (!contacts.length || !(await listeners(deps, contacts[0].account_id)).names.has(CONTACT_CREATED)) return;
  let next = 0;
  const work = async () => {
    while (next < contacts.length) await contactCreated(deps, contacts[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(CONTACTS_AT_ONCE, contacts.length) }, work));
};

/**
 * An event of a mail, as the webhook queue carries it (its fan-out, functions/handlers/webhook-deliverer.ts):
 * the recipient's contact, when the address is one, starts the enabled automations whose trigger names the
 * event's type, and its runs waiting for that type receive it. Mail an automation sent starts no automation
 * (on `email.delivered` send a mail would run forever), though its waits receive its events. A recipient
 * who is no contact starts nothing: transactional mail makes no contacts.
 */
export const emailEventHappened = async (
  deps: ServiceEventDeps & { contacts: ContactStore; messages: MessageLookups },
  event: OutboundEvent,
) => {
  if (!EMAIL_TRIGGERS.includes(event.type)) return { started: 0, received: 0 };
  const { enabled, names } = await listeners(deps, event.account_id);
  if (!names.has(event.type)) return { started: 0, received: 0 };
  let { to, source } = event;
  if (!to || !source) {
    // Opens and clicks (and events queued before they carried it) name no source: the message says.
    const [message] = await deps.messages.findMany([
      { accountId: event.account_id, messageUuid: messageUuid(event.message_id) },
    ]);
    to ??= message?.to_email;
    source = message?.source ?? 'api';
  }
  const contact = to ? await deps.contacts.findByEmail(event.account_id, to) : undefined;
  if (!contact) return { started: 0, received: 0 };
  const payload = { message_id: event.message_id, to, ...(event.url ? { url: event.url } : {}) };
  const triggered = source === 'automation' ? [] : triggeredBy(enabled, event.type);
  const started = triggered.length
    ? await startRuns(
        deps,
        event.account_id,
        triggered,
        { contact_id: contact.id, event: event.type, payload },
        { key: event.id, at: new Date(event.timestamp) },
      )
    : 0;
  const waiting = enabled.some((a) =>
    a.steps.some((s) => s.type === 'wait_for_event' && s.config.event_name === event.type),
  );
  const received = waiting ? await receiveWaits(deps, event.account_id, contact, event.type, payload) : 0;
  return { started, received };
};
