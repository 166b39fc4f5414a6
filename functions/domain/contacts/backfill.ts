import type { SubscriberStore } from '../../ports';
import { type ContactDeps, ensureContacts } from './contacts';

/** Subscribers read per page of the backfill (one Query of the account's listing). */
const PAGE = 100;

/**
 * Makes every subscriber of the account written before contacts were (issue 39) a contact's membership:
 * the account's subscribers page by page (one Query each), the contact of each address that has none
 * made (contacts.ts ensureContacts: one BatchGetItem a hundred, one transaction a new person), and the
 * contact's id written on each subscriber that lacks it (one UpdateItem each). A subscriber that has it
 * costs only its share of the page. Run again, it finds nothing to do; cut short, it is run again
 * (docs/decisions/0103-contact-id-on-memberships.md).
 */
export const backfillContacts = async (deps: ContactDeps & { subscribers: SubscriberStore }, accountId: string) => {
  let read = 0;
  let named = 0;
  let cursor: string | undefined;
  do {
    const page = await deps.subscribers.page(accountId, {}, { offset: 0, limit: PAGE, cursor });
    read += page.items.length;
    const lacking = page.items.filter((s) => !s.contact_id);
    if (lacking.length) {
      const { ids } = await ensureContacts(
        deps,
        accountId,
        lacking.map((s) => s.email),
      );
      for (const subscriber of lacking) {
        const id = ids.get(subscriber.email.toLowerCase());
        if (id && (await deps.subscribers.nameContact(accountId, subscriber.id, id))) named++;
      }
    }
    cursor = page.next_cursor ?? undefined;
  } while (cursor);
  return { subscribers: read, named };
};
