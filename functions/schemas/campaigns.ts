import * as z from 'zod/mini';
import { CAMPAIGN_STATUSES } from '../domain/types';
import { pageFields, pageQuery } from './pagination';

/**
 * `send_at`: an ISO 8601 time with its zone; in the past or absent means now. At most MAX_SCHEDULE_DAYS (30) days
 * ahead.
 */
export const sendCampaignBody = z.object({
  send_at: z.optional(
    z.iso.datetime({ offset: true, error: 'An ISO 8601 date-time with a zone, e.g. 2030-01-01T09:00:00Z' }),
  ),
});

export const campaignsQuery = z.object(pageQuery);

/** A page of a campaign's clicked links, paged by the links' ids (domain/campaigns/links.ts), as Resend's lists. */
export const linksQuery = z.object({
  limit: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(100))),
  after: z.optional(z.string().check(z.maxLength(64))),
  before: z.optional(z.string().check(z.maxLength(64))),
});

const stats = z.object({
  recipients: z.int(),
  sent: z.int(),
  failed: z.int(),
  opened: z.int(),
  clicked: z.int(),
  bounced: z.int(),
  complained: z.int(),
  unsubscribed: z.int(),
});

export const campaignView = z.object({
  id: z.string(),
  name: z.string(),
  subject: z.string(),
  html: z.nullable(z.string()),
  text: z.nullable(z.string()),
  template_id: z.nullable(z.string()),
  variables: z.nullable(z.record(z.string(), z.unknown())),
  list_id: z.string(),
  topic_id: z.nullable(z.string()),
  from_email: z.nullable(z.string()),
  from_name: z.nullable(z.string()),
  reply_to: z.nullable(z.string()),
  track_opens: z.boolean(),
  track_clicks: z.boolean(),
  status: z.enum(CAMPAIGN_STATUSES),
  failure_reason: z.nullable(z.string()),
  send_at: z.nullable(z.string()),
  started_at: z.nullable(z.string()),
  finished_at: z.nullable(z.string()),
  /** The tenant its mail goes out as (issue 42), or null. */
  tenant_id: z.nullable(z.string()),
  stats,
  created_at: z.string(),
  updated_at: z.string(),
});

export const campaignsPage = z.object({ campaigns: z.array(campaignView), ...pageFields });

export const campaignSendResult = z.object({
  id: z.string(),
  status: z.enum(CAMPAIGN_STATUSES),
  send_at: z.nullable(z.string()),
});

/** An unsubscribe link's token: anything; one that does not verify is NOT_FOUND. */
export const unsubscribeParams = z.object({ token: z.string().check(z.maxLength(1024)) });
