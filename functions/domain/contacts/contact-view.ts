import type { Contact } from './contact';
import { declaredValues, type ContactProperty, type PropertyValue } from './contact-property';

/** The name templates and campaigns read a reader's contact under: `{{contact.<key>}}`. */
export const CONTACT_NAME = 'contact';

/** Whether a name reads the contact (`contact`, `contact.<key>`, as a tag or a section). */
export const isContactName = (name: string) => name === CONTACT_NAME || name.startsWith(`${CONTACT_NAME}.`);

/**
 * What `{{contact.<key>}}` reads: each declared property's value, its `fallback_value` when the contact
 * has none (or there is no contact: an address that is none, a subscriber written before contacts),
 * then the contact's own fields, which win over a property of the same key.
 */
/** A reader's `contact` values (contactView). */
export type ContactValues = Record<string, PropertyValue | null>;

export const contactView = (
  email: string,
  contact: Pick<Contact, 'email' | 'first_name' | 'last_name' | 'properties'> | undefined,
  declared: readonly ContactProperty[],
): ContactValues => {
  const values = contact ? declaredValues(declared, contact.properties) : {};
  const properties = Object.fromEntries(
    declared.map((property) => [property.key, values[property.key] ?? property.fallback_value]),
  );
  return {
    ...properties,
    email: contact?.email ?? email,
    first_name: contact?.first_name ?? null,
    last_name: contact?.last_name ?? null,
  };
};
