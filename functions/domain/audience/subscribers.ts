import type {
  AutomationStore,
  Clock,
  ContactStore,
  CounterStore,
  Ids,
  ListStore,
  PageRequest,
  SubscriberFilter,
  SubscriberStore,
} from '../../ports';
import type { CreateSubscriberInput, UpdateSubscriberInput } from './subscriber-input';
import { AppError, notFound, changedMeanwhile } from '../errors';
import { readPage } from '../paging';
import { requireDefaultProvider } from '../providers/default-provider';
import { sendConfirmation, type ConfirmationDeps } from './double-opt-in';
import { isoTimestamp } from '../time';
import type { Subscriber } from '../types';
import { ensureContact, ensureContactMade } from '../contacts/contacts';
import type { Contact } from '../contacts/contact';
import { contactCreated } from '../automations/service-events';

export interface SubscriberDeps {
  subscribers: SubscriberStore;
  lists: ListStore;
  counters: CounterStore;
  clock: Clock;
  ids: Ids;
}

/** `confirmed_at` only for a subscriber of double opt-in (null while it waits). */
const confirmation = (s: Subscriber) => (s.confirmed_at !== undefined ? { confirmed_at: s.confirmed_at } : {});
const listed = (s: Subscriber) => ({
  id: s.id,
  email: s.email,
  name: s.name,
  status: s.status,
  list_id: s.list_id,
  metadata: s.metadata,
  ...confirmation(s),
  created_at: s.created_at,
});
export const presentSubscriber = (s: Subscriber) => ({ ...listed(s), updated_at: s.updated_at });

/**
 * POST /subscribers: adds a subscriber, the address made a contact unless it is one; a contact made so starts
 * the account's `contact.created` automations, at once or, in a double opt-in list, once the subscription is
 * confirmed (confirmSubscription): an address someone else typed into a form gets no automation's mail.
 */
export const subscribe = async (
  deps: SubscriberDeps & ConfirmationDeps & { contacts: ContactStore; automations: AutomationStore },
  accountId: string,
  input: CreateSubscriberInput,
) => {
  let made: Contact | undefined;
  const subscriber = await createSubscriber(deps, accountId, input, async (email) => {
    const ensured = await ensureContactMade(deps, accountId, { email });
    made = ensured.made;
    return { id: ensured.id, made: Boolean(made) };
  });
  if (made && subscriber.confirmed_at !== null) await contactCreated(deps, made);
  return subscriber;
};

/**
 * Adds a subscriber. In a double opt-in list a subscriber added as `subscribed` waits for its
 * confirmation (`confirmed_at` null) and gets the confirmation mail; the account's default provider
 * is checked first, so that nothing is written when that mail could not go. Adding an address that
 * is still waiting again is a 409 as any duplicate, and sends the mail again if the last one left
 * more than 10 minutes before.
 */
export const createSubscriber = async (
  deps: SubscriberDeps & ConfirmationDeps & { contacts: ContactStore },
  accountId: string,
  input: CreateSubscriberInput,
  /**
   * The address's contact: its id when the caller holds it already (a contact joining a list: no claim to
   * try), or how to find or make it, after the checks (by default ensureContact).
   */
  contactOf: string | ((email: string) => Promise<{ id: string | undefined; made?: boolean }>) = async (email) => ({
    id: await ensureContact(deps, accountId, { email }),
  }),
) => {
  const list = await deps.lists.get(accountId, input.list_id);
  if (!list) throw notFound('List');
  const confirming = list.double_opt_in === true && (input.status ?? 'subscribed') === 'subscribed';
  if (confirming) await requireDefaultProvider(deps.providers, accountId);
  // Every membership is a contact's: the address becomes one first, unless it is one already.
  const contact = typeof contactOf === 'string' ? { id: contactOf } : await contactOf(input.email);
  const contactId = contact.id;
  const now = isoTimestamp(deps.clock.now());
  const subscriber: Subscriber = {
    id: deps.ids.uuid(),
    account_id: accountId,
    list_id: input.list_id,
    email: input.email,
    name: input.name ?? null,
    status: input.status ?? 'subscribed',
    metadata: input.metadata ?? {},
    ...(confirming ? { confirmed_at: null } : {}),
    ...(contactId ? { contact_id: contactId } : {}),
    ...(confirming && contact.made ? { contact_made: true as const } : {}),
    created_at: now,
    updated_at: now,
    seq: await deps.counters.add(accountId, 'subscriber', 1),
  };
  const result = await deps.subscribers.create(subscriber);
  if (result === 'conflict') {
    const existing = confirming
      ? (await deps.subscribers.findByEmail(accountId, input.email)).find((s) => s.list_id === list.id)
      : undefined;
    if (existing?.confirmed_at === null && existing.status === 'subscribed') {
      await sendConfirmation(deps, list, existing);
      throw new AppError(
        'CONFLICT',
        'This list already has that email address, still to confirm: a confirmation mail goes out at most once ' +
          'every 10 minutes',
      );
    }
    throw new AppError('CONFLICT', 'This list already has a subscriber with that email address');
  }
  if (result === 'no-list') throw notFound('List');
  if (confirming) await sendConfirmation(deps, list, subscriber);
  return {
    id: subscriber.id,
    email: subscriber.email,
    name: subscriber.name,
    status: subscriber.status,
    ...confirmation(subscriber),
    created_at: subscriber.created_at,
  };
};

export const getSubscriber = async (deps: Pick<SubscriberDeps, 'subscribers'>, accountId: string, id: string) => {
  const subscriber = await deps.subscribers.get(accountId, id);
  if (!subscriber) throw notFound('Subscriber');
  return subscriber;
};

export const updateSubscriber = async (
  deps: SubscriberDeps,
  accountId: string,
  id: string,
  input: UpdateSubscriberInput,
) => {
  const subscriber = await getSubscriber(deps, accountId, id);
  const updated = await deps.subscribers.update(subscriber, { ...input, updated_at: isoTimestamp(deps.clock.now()) });
  // A concurrent change got there first; the client may retry on the new state.
  if (!updated) throw changedMeanwhile('The subscriber changed at the same time; try again');
  return {
    id: updated.id,
    email: updated.email,
    name: updated.name,
    status: updated.status,
    updated_at: updated.updated_at,
  };
};

export const deleteSubscriber = async (deps: Pick<SubscriberDeps, 'subscribers'>, accountId: string, id: string) => {
  const subscriber = await getSubscriber(deps, accountId, id);
  if (!(await deps.subscribers.delete(subscriber)))
    throw changedMeanwhile('The subscriber changed at the same time; try again');
};

export const listSubscribers = async (
  deps: Pick<SubscriberDeps, 'subscribers'>,
  accountId: string,
  filter: SubscriberFilter,
  page: PageRequest,
) => {
  const result = await readPage(page, (request) => deps.subscribers.page(accountId, filter, request));
  return {
    subscribers: result.items.map(listed),
    total: result.total,
    limit: page.limit,
    offset: page.offset,
    next_cursor: result.next_cursor,
  };
};
