import * as z from 'zod/mini';
import { createContactBody, updateContactBody } from './contacts';
import { PROPERTY_TYPES } from '../domain/contacts/contact-property';
import { uuidParam } from './common';

/**
 * Resend's contacts as its SDK sends and reads them (`contacts.create/get/update/remove/list`): the
 * same records and rules as the native routes (schemas/contacts.ts), in Resend's answers.
 */
// The SDK sends the native fields in snake_case already: the native bodies, with their rules.
export const resendContactBody = createContactBody;
export const resendContactUpdateBody = updateContactBody;

const contactFields = {
  id: z.string(),
  email: z.string(),
  first_name: z.nullable(z.string()),
  last_name: z.nullable(z.string()),
  unsubscribed: z.boolean(),
  created_at: z.string(),
};
const propertyValue = z.union([
  z.object({ type: z.literal('string'), value: z.string() }),
  z.object({ type: z.literal('number'), value: z.number() }),
]);
export const resendContact = z.object({
  object: z.literal('contact'),
  ...contactFields,
  properties: z.record(z.string(), propertyValue),
});
export const resendContactList = z.object({
  object: z.literal('list'),
  has_more: z.boolean(),
  data: z.array(z.object(contactFields)),
});
export const resendContactRef = z.object({ object: z.literal('contact'), id: z.string() });
export const resendContactDeleted = z.object({
  object: z.literal('contact'),
  contact: z.string(),
  deleted: z.boolean(),
});

/** Resend's contact properties (`contactProperties.create/get/update/remove/list`), our declarations. */
const propertyFields = {
  id: z.string(),
  key: z.string(),
  type: z.enum(PROPERTY_TYPES),
  fallback_value: z.nullable(z.union([z.string(), z.number()])),
  created_at: z.string(),
};
export const resendProperty = z.object({ object: z.literal('contact_property'), ...propertyFields });
export const resendPropertyList = z.object({
  object: z.literal('list'),
  has_more: z.boolean(),
  data: z.array(z.object(propertyFields)),
});
export const resendPropertyRef = z.object({ object: z.literal('contact_property'), id: z.string() });
export const resendPropertyDeleted = z.object({
  object: z.literal('contact_property'),
  id: z.string(),
  deleted: z.boolean(),
});

/** `contacts.segments`: the lists a contact is a member of. */
export const resendContactSegmentList = z.object({
  object: z.literal('list'),
  has_more: z.boolean(),
  data: z.array(z.object({ id: z.string(), name: z.string(), created_at: z.string() })),
});
export const resendSegmentAdded = z.object({ id: z.string() });
export const resendSegmentRemoved = z.object({ id: z.string(), deleted: z.boolean() });

/** Resend's older audience-scoped contact paths: the audience (a list id), and a contact by id or email. */
export const audienceParams = z.object({ id: uuidParam() });
export const audienceContactParams = z.object({
  id: uuidParam(),
  id_or_email: z.string().check(z.minLength(1), z.maxLength(254)),
});
