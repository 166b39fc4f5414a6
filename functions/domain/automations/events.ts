import type { AutomationStore, Clock, ContactStore, Ids } from '../../ports';
import { contactId as timeOrderedId } from '../contacts/contact-id';
import { ensureContactMade, findContact } from '../contacts/contacts';
import { AppError, notFound, validationError } from '../errors';
import { isoTimestamp } from '../time';
import type { EventDefinition } from './records';
import { CONTACT_CREATED, contactCreated } from './service-events';
import { receiveWaits, startRuns, triggeredBy } from './start-runs';

type Deps = { automations: AutomationStore; clock: Clock; ids: Ids };
type SendDeps = Deps & { contacts: ContactStore };

/** How many events an account may declare (read whole on each look-up by id). */
export const MAX_EVENTS = 200;

/** An event by its id or its name (the SDK's `identifier`). */
export const requireEvent = async (deps: Pick<Deps, 'automations'>, accountId: string, identifier: string) => {
  const found = (await deps.automations.allEvents(accountId)).find(
    (e) => e.id === identifier.toLowerCase() || e.name === identifier,
  );
  if (!found) throw notFound('Event');
  return found;
};

export const createEvent = async (
  deps: Deps,
  accountId: string,
  input: { name: string; schema?: EventDefinition['schema'] },
) => {
  if ((await deps.automations.allEvents(accountId)).length >= MAX_EVENTS)
    throw validationError([{ field: 'name', message: `An account declares at most ${MAX_EVENTS} events` }]);
  const now = deps.clock.now();
  const event: EventDefinition = {
    id: timeOrderedId(now, deps.ids.uuid()),
    account_id: accountId,
    name: input.name,
    schema: input.schema ?? null,
    created_at: isoTimestamp(now),
    updated_at: null,
  };
  if ((await deps.automations.createEvent(event)) === 'taken')
    throw new AppError('CONFLICT', 'The account has an event of that name');
  return event;
};

export const listEvents = async (deps: Pick<Deps, 'automations'>, accountId: string) =>
  (await deps.automations.allEvents(accountId)).sort((a, b) => b.id.localeCompare(a.id));

export const updateEvent = async (
  deps: Deps,
  accountId: string,
  identifier: string,
  schema: EventDefinition['schema'],
) => {
  const event = await requireEvent(deps, accountId, identifier);
  const next = { ...event, schema, updated_at: isoTimestamp(deps.clock.now()) };
  if (!(await deps.automations.replaceEvent(next))) throw notFound('Event');
  return next;
};

export const deleteEvent = async (deps: Deps, accountId: string, identifier: string) => {
  const event = await requireEvent(deps, accountId, identifier);
  if (!(await deps.automations.deleteEvent(event))) throw notFound('Event');
  return event;
};

const fitsType = (type: string, value: unknown) => {
  if (type === 'date') return typeof value === 'string' && !Number.isNaN(Date.parse(value));
  return typeof value === type && (type !== 'number' || Number.isFinite(value));
};

/** A payload that breaks its event's schema is a 400 naming each key. */
const checkPayload = (event: EventDefinition | undefined, payload: Record<string, unknown>) => {
  if (!event?.schema) return;
  const issues = Object.entries(event.schema)
    .filter(([key, type]) => payload[key] !== undefined && payload[key] !== null && !fitsType(type, payload[key]))
    .map(([key, type]) => ({ field: `payload.${key}`, message: `payload.${key} must be a ${type}` }));
  if (issues.length) throw validationError(issues, issues[0].message);
};

/**
 * POST /events/send: the contact (made when the address has none: a `contact.created` too) enters every
 * enabled automation whose trigger names the event (a run each, due now: the runner takes it within its
 * interval), and each of its runs waiting for this event receives it and is made due now. At most the
 * account's automations (MAX_AUTOMATIONS) fan out from one event.
 */
export const sendEvent = async (
  deps: SendDeps,
  accountId: string,
  input: { event: string; email?: string; contact_id?: string; payload?: Record<string, unknown> },
) => {
  const payload = input.payload ?? {};
  const declared = (await deps.automations.allEvents(accountId)).find((e) => e.name === input.event);
  checkPayload(declared, payload);
  const made =
    input.contact_id === undefined && (await ensureContactMade(deps, accountId, { email: input.email! })).made;
  const contact = await findContact(deps, accountId, input.contact_id ?? input.email!);
  // `contact.created` sent by hand is the contact's own: its runs start once per contact, as when it is made,
  // so a new address sent with it starts one run, not two (its making and the event).
  const ownCreation = input.event === CONTACT_CREATED;
  const startedByCreation = made || ownCreation ? await contactCreated(deps, contact) : 0;
  let started = startedByCreation;
  if (!ownCreation) {
    const triggered = triggeredBy(await deps.automations.all(accountId), input.event);
    started = await startRuns(deps, accountId, triggered, { contact_id: contact.id, event: input.event, payload });
  }
  const received = await receiveWaits(deps, accountId, contact, input.event, payload);
  return { contact, started, received };
};

export const presentEvent = (e: EventDefinition) => ({
  id: e.id,
  name: e.name,
  schema: e.schema,
  created_at: e.created_at,
  updated_at: e.updated_at,
});
