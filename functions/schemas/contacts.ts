import * as z from 'zod/mini';
import { email, uuidParam } from './common';
import { pageQuery } from './pagination';

/** A contact's name part: as a subscriber's name, at most 200 characters; null clears it. */
export const contactName = () => z.optional(z.nullable(z.string().check(z.maxLength(200))));
/** Lists (Resend's segments) a new contact joins: each a membership, as `POST /subscribers` makes it. */
export const contactSegments = () =>
  z.optional(z.array(z.object({ id: uuidParam() })).check(z.maxLength(20, 'At most 20 segments')));

/** `{id_or_email}`: a contact's id or its address (any case). */
export const contactParams = z.object({ id_or_email: z.string().check(z.minLength(1), z.maxLength(254)) });

export const createContactBody = z.object({
  email: email(),
  first_name: contactName(),
  last_name: contactName(),
  unsubscribed: z.optional(z.boolean()),
  segments: contactSegments(),
});

export const updateContactBody = z.object({
  first_name: contactName(),
  last_name: contactName(),
  unsubscribed: z.optional(z.boolean()),
});

export const contactsQuery = z.object({ limit: pageQuery.limit, cursor: pageQuery.cursor });

export const contactView = z.object({
  id: z.string(),
  email: z.string(),
  first_name: z.nullable(z.string()),
  last_name: z.nullable(z.string()),
  unsubscribed: z.boolean(),
  properties: z.record(z.string(), z.union([z.string(), z.number()])),
  created_at: z.string(),
  updated_at: z.string(),
});

export const contactsPage = z.object({ contacts: z.array(contactView), next_cursor: z.nullable(z.string()) });
