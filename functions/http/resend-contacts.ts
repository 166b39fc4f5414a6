import type { z } from 'zod/mini';
import type { Contact } from '../domain/contacts/contact';
import type { resendContact } from '../schemas/resend-contacts';

/** A contact in Resend's answer to `contacts.get`: each property value with its type. */
export const resendContactOf = (c: Contact): z.output<typeof resendContact> => ({
  object: 'contact',
  id: c.id,
  email: c.email,
  first_name: c.first_name,
  last_name: c.last_name,
  unsubscribed: c.unsubscribed,
  created_at: c.created_at,
  properties: Object.fromEntries(
    Object.entries(c.properties).map(([key, value]) =>
      typeof value === 'number' ? [key, { type: 'number' as const, value }] : [key, { type: 'string' as const, value }],
    ),
  ),
});

/** A contact as Resend's `contacts.list` shows it (no properties): the account's listing and a segment's. */
export const resendContactListItem = (c: Contact) => ({
  id: c.id,
  email: c.email,
  first_name: c.first_name,
  last_name: c.last_name,
  unsubscribed: c.unsubscribed,
  created_at: c.created_at,
});
