import type { TopicChoice } from './topic';

/**
 * A contact: one person of an account, unique by email in it (any case). The seed's subscribers are its
 * memberships of lists (docs/decisions/0098-contacts-beside-subscribers.md).
 */
export interface Contact {
  /** Time-ordered (contact-id.ts): the account's contacts sort by creation in their partition. */
  id: string;
  account_id: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  /** No campaign reaches it (campaign-reach.ts); transactional mail and OTP still do. */
  unsubscribed: boolean;
  /** The contact's own choice per topic id; a topic it has none for is the topic's default. Absent: none. */
  topics?: Record<string, TopicChoice>;
  /** Values of the account's declared properties, by key (properties.ts checks them). */
  properties: Record<string, string | number>;
  created_at: string;
  updated_at: string;
}

export interface ContactChanges {
  first_name?: string | null;
  last_name?: string | null;
  unsubscribed?: boolean;
  /** Values of declared properties (checked in contacts.ts); a key set to null is removed. */
  properties?: Record<string, unknown>;
}
