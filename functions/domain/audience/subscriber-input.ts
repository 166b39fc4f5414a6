import type { Metadata, SubscriberStatus } from '../types';

/** What creating a subscriber asks for (schemas/audience.ts is checked against it). */
export interface CreateSubscriberInput {
  email: string;
  list_id: string;
  name?: string | null;
  status?: SubscriberStatus;
  metadata?: Metadata;
}

/** What an update changes: the fields it names. */
export interface UpdateSubscriberInput {
  name?: string | null;
  status?: SubscriberStatus;
  metadata?: Metadata;
}
