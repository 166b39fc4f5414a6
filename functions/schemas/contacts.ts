import * as z from 'zod/mini';
import { email, uuidParam, someFieldToChange } from './common';
import { pageQuery } from './pagination';
import { topicChoices } from './topics';
import { PROPERTY_KEY, PROPERTY_TYPES } from '../domain/contacts/contact-property';

/** A contact's name part: as a subscriber's name, at most 200 characters; null clears it. */
export const contactName = () => z.optional(z.nullable(z.string().check(z.maxLength(200))));
/** Lists (Resend's segments) a new contact joins: each a membership, as `POST /subscribers` makes it. */
export const contactSegments = () =>
  z.optional(z.array(z.object({ id: uuidParam() })).check(z.maxLength(20, 'At most 20 segments')));

/**
 * Values of declared properties by key: their types are checked against the declarations
 * (domain/contacts/contact-property.ts), which name the key of each problem.
 */
export const contactPropertyValues = () =>
  z.optional(
    z
      .record(z.string().check(z.maxLength(50)), z.union([z.string(), z.number(), z.boolean(), z.null()]))
      .check(z.refine((values) => Object.keys(values).length <= 100, 'At most 100 properties')),
  );

/** `{id_or_email}`: a contact's id or its address (any case). */
export const contactParams = z.object({ id_or_email: z.string().check(z.minLength(1), z.maxLength(254)) });

export const createContactBody = z.object({
  email: email(),
  first_name: contactName(),
  last_name: contactName(),
  unsubscribed: z.optional(z.boolean()),
  properties: contactPropertyValues(),
  segments: contactSegments(),
  /** The contact's choice per topic (`{id, subscription}`); topics left out have their default. */
  topics: z.optional(topicChoices()),
});

export const updateContactBody = z
  .object({
    first_name: contactName(),
    last_name: contactName(),
    unsubscribed: z.optional(z.boolean()),
    properties: contactPropertyValues(),
    // Refused by name, not dropped: the address keys the contact's memberships.
    email: z.optional(
      z.never({ error: "A contact's email does not change: delete the contact and create one with the new address" }),
    ),
  })
  .check(someFieldToChange('first_name'));

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

/** A declaration: `key` letters, digits and `_` (1..50), `type`, and the value templates fall back to. */
export const createPropertyBody = z.object({
  key: z.string().check(z.regex(PROPERTY_KEY, 'Letters, digits and _ only, 1 to 50 characters')),
  type: z.enum(PROPERTY_TYPES),
  fallback_value: z.optional(z.nullable(z.union([z.string(), z.number()]))),
});
export const updatePropertyBody = z
  .object({ fallback_value: z.optional(z.nullable(z.union([z.string(), z.number()]))) })
  .check(someFieldToChange('fallback_value', { message: 'Give fallback_value: the one field that changes' }));
export const propertyParams = z.object({ id: z.string().check(z.minLength(1), z.maxLength(100)) });

export const propertyView = z.object({
  id: z.string(),
  key: z.string(),
  type: z.enum(PROPERTY_TYPES),
  fallback_value: z.nullable(z.union([z.string(), z.number()])),
  created_at: z.string(),
});
export const propertiesList = z.object({ contact_properties: z.array(propertyView) });

/** A contact's membership of one list (a Resend segment). */
export const contactSegmentParams = z.object({
  id_or_email: z.string().check(z.minLength(1), z.maxLength(254)),
  segment_id: uuidParam(),
});
const segmentView = z.object({ id: z.string(), name: z.string(), created_at: z.string() });
export const contactSegmentsAnswer = z.object({ segments: z.array(segmentView) });
export const contactSegmentAdded = z.object({ id: z.string(), subscriber_id: z.string() });
