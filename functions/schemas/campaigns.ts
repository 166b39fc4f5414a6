import * as z from 'zod/mini';
import { CAMPAIGN_STATUSES } from '../domain/types';
import { unknownPlaceholders } from '../domain/campaigns/placeholders';
import type { CreateCampaignInput, UpdateCampaignInput } from '../domain/campaigns/campaign-input';
import { bodyRequired, email, headerText, nonEmpty, parsesTo, uuidParam } from './common';
import { pageFields, pageQuery } from './pagination';

/**
 * A campaign's bodies live in its table item (400 KB at most, with everything else): html and text
 * together at most 256 KiB, half the cap of a single send.
 */
export const MAX_CAMPAIGN_BODY_BYTES = 256 * 1024;

const templated = <T extends z.ZodMiniType<string>>(schema: T) =>
  schema.check(
    z.superRefine((value, context) => {
      const unknown = unknownPlaceholders(value as string);
      if (unknown.length) context.addIssue({ code: 'custom', message: `Unknown placeholder {{${unknown[0]}}}: use {{name}}, {{email}} or {{unsubscribe_url}}`, input: value });
    }),
  );

const fields = {
  name: nonEmpty(200),
  subject: templated(headerText(1, 998)),
  html: z.optional(templated(z.string())),
  text: z.optional(templated(z.string())),
  list_id: uuidParam(),
  from_email: z.optional(z.nullable(email())),
  from_name: z.optional(z.nullable(headerText(0, 100))),
  reply_to: z.optional(z.nullable(email())),
  track_opens: z.optional(z.boolean()),
  track_clicks: z.optional(z.boolean()),
};

const bodySize = z.refine<{ html?: string; text?: string }>((c) => Buffer.byteLength(c.html ?? '') + Buffer.byteLength(c.text ?? '') <= MAX_CAMPAIGN_BODY_BYTES, {
  message: `html and text together may be at most ${MAX_CAMPAIGN_BODY_BYTES / 1024} KiB`,
  path: ['html'],
});

export const createCampaignBody = parsesTo<CreateCampaignInput>()(z.object(fields).check(bodyRequired(), bodySize));

export const updateCampaignBody = parsesTo<UpdateCampaignInput>()(z.object({ ...Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, z.optional(v)])) } as { [K in keyof typeof fields]: z.ZodMiniOptional<(typeof fields)[K]> }).check(
  z.refine((c) => Object.values(c).some((v) => v !== undefined), { message: 'Give at least one field to change', path: ['name'] }),
  bodySize,
));

/** `send_at`: an ISO 8601 time with its zone; in the past or absent means now. At most MAX_SCHEDULE_DAYS (30) days ahead. */
export const sendCampaignBody = z.object({
  send_at: z.optional(z.iso.datetime({ offset: true, error: 'An ISO 8601 date-time with a zone, e.g. 2030-01-01T09:00:00Z' })),
});

export const campaignsQuery = z.object(pageQuery);

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
  list_id: z.string(),
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
  stats,
  created_at: z.string(),
  updated_at: z.string(),
});

export const campaignsPage = z.object({ campaigns: z.array(campaignView), ...pageFields });

export const campaignSendResult = z.object({ id: z.string(), status: z.enum(CAMPAIGN_STATUSES), send_at: z.nullable(z.string()) });

/** An unsubscribe link's token: anything; one that does not verify is NOT_FOUND. */
export const unsubscribeParams = z.object({ token: z.string().check(z.maxLength(1024)) });
