/** Records as the domain writes them, for tests that need one in a store before the step they test. */
import type { Campaign, MailingList, MailMessage, Subscriber } from '../../functions/domain/types';
import { ACCOUNT } from './memory/world';

const CREATED = '2026-11-01T00:00:00.000Z';

export const campaignRecord = (changes: Partial<Campaign> = {}): Campaign => ({
  id: 'camp-1',
  account_id: ACCOUNT,
  name: 'News',
  subject: 'News of the week',
  html: null,
  text: 'Hello',
  list_id: 'list-1',
  from_email: null,
  from_name: null,
  reply_to: null,
  track_opens: false,
  track_clicks: false,
  status: 'sending',
  failure_reason: null,
  send_at: null,
  provider_id: 'prov-1',
  started_at: null,
  finished_at: null,
  seq: 1,
  created_at: '2026-11-26T09:00:00.000Z',
  updated_at: '2026-11-26T09:00:00.000Z',
  ...changes,
});

/** The `seq`th subscriber of a list (its place in the list's listing), subscribed. */
/** The list a campaign test sends to: empty, made on 2026-11-01. */
export const listRecord = (id: string, accountId: string): MailingList => ({
  id,
  account_id: accountId,
  name: 'Readers',
  description: null,
  subscriber_count: 0,
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z',
});

export const subscriberRecord = (listId: string, seq: number, changes: Partial<Subscriber> = {}): Subscriber => ({
  id: `sub-${listId}-${seq}`,
  account_id: ACCOUNT,
  list_id: listId,
  email: `reader${seq}@example.org`,
  name: null,
  status: 'subscribed',
  metadata: {},
  created_at: CREATED,
  updated_at: CREATED,
  seq,
  ...changes,
});

export const messageRecord = (changes: Partial<MailMessage> = {}): MailMessage => ({
  message_id: '<00000000-0000-4000-8000-000000000001@example.com>',
  account_id: ACCOUNT,
  provider_id: 'prov-1',
  provider_message_id: null,
  from_email: 'noreply@example.com',
  from_name: null,
  to_email: 'r@example.org',
  cc: [],
  bcc: [],
  reply_to: null,
  subject: 'Hi',
  tags: [],
  metadata: {},
  status: 'queued',
  error_message: null,
  sent_at: null,
  created_at: '2026-11-26T09:00:00.000',
  ...changes,
});
