import * as z from 'zod/mini';
import { CAMPAIGN_STATUSES } from '../domain/types';
import { unknownPlaceholders } from '../domain/campaigns/reader-variables';
import { templateIssues } from '../domain/templates/engine';
import {
  MAX_CAMPAIGN_BODY_BYTES,
  type CreateCampaignInput,
  type UpdateCampaignInput,
} from '../domain/campaigns/campaign-input';
import { hasBody, NO_BODY } from '../domain/mail/mail-body';
import { email, headerText, nonEmpty, parsesTo, uuidParam, someFieldToChange } from './common';
import { pageFields, pageQuery } from './pagination';
import { eitherTemplateOrContent, templateVariablesField } from './templates';
import { tenantReference } from './tenants';

type Parts = { subject?: string; html?: string; text?: string; template_id?: string | null };

/**
 * The campaign's own parts are Mustache (functions/domain/templates/engine.ts): a syntax error, or a
 * name no reader has (functions/domain/campaigns/reader-variables.ts), is a 400 on its field.
 * A campaign from a template is checked against its template by the use case.
 */
const placeholders = z.superRefine<Parts>((parts, context) => {
  if (parts.template_id) return;
  const syntax = templateIssues(parts);
  for (const issue of syntax)
    context.addIssue({ code: 'custom', message: issue.message, path: [issue.field], input: parts });
  if (syntax.length) return;
  for (const field of ['subject', 'html', 'text'] as const) {
    const source = parts[field];
    if (!source) continue;
    const unknown = unknownPlaceholders({
      subject: field === 'subject' ? source : '',
      html: field === 'html' ? source : null,
      text: field === 'text' ? source : null,
    });
    if (unknown.length) {
      context.addIssue({
        code: 'custom',
        message:
          `Unknown placeholder {{${unknown[0]}}}: ` +
          'use {{name}}, {{email}}, {{unsubscribe_url}} or {{metadata.<key>}}',
        path: [field],
        input: parts,
      });
    }
  }
});

const fields = {
  name: nonEmpty(200),
  subject: z.optional(headerText(1, 998)),
  html: z.optional(z.string()),
  text: z.optional(z.string()),
  /** A stored template in place of subject, html and text; its copy is taken now and again at send. */
  template_id: z.optional(uuidParam()),
  variables: z.optional(templateVariablesField()),
  list_id: uuidParam(),
  /** Only the list's contacts opted in to this topic; its unsubscribe link leaves the topic only. */
  topic_id: z.optional(z.nullable(uuidParam())),
  from_email: z.optional(z.nullable(email())),
  from_name: z.optional(z.nullable(headerText(0, 100))),
  reply_to: z.optional(z.nullable(email())),
  track_opens: z.optional(z.boolean()),
  track_clicks: z.optional(z.boolean()),
};

const bodySize = z.refine<{ html?: string; text?: string }>(
  (c) => Buffer.byteLength(c.html ?? '') + Buffer.byteLength(c.text ?? '') <= MAX_CAMPAIGN_BODY_BYTES,
  {
    message: `html and text together may be at most ${MAX_CAMPAIGN_BODY_BYTES / 1024} KiB`,
    path: ['html'],
  },
);

export const createCampaignBody = parsesTo<CreateCampaignInput>()(
  // The tenant is fixed at creation (issue 42): not among the fields an update may change.
  z.object({ ...fields, tenant: z.optional(tenantReference) }).check(
    eitherTemplateOrContent,
    z.refine((c) => Boolean(c.template_id || c.subject), {
      message: 'A subject is required (or a template_id)',
      path: ['subject'],
    }),
    z.refine((c) => Boolean(c.template_id) || hasBody(c), {
      message: `${NO_BODY.message} (or a template_id)`,
      path: [NO_BODY.field],
    }),
    z.refine((c) => c.variables === undefined || Boolean(c.template_id), {
      message: 'variables needs a template_id',
      path: ['variables'],
    }),
    bodySize,
    placeholders,
  ),
);

/** A partial update; `template_id: null` keeps the template's copy as the campaign's own content. */
const updateFields = {
  ...Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, z.optional(v)])),
  template_id: z.optional(z.nullable(uuidParam())),
} as {
  [K in Exclude<keyof typeof fields, 'template_id'>]: z.ZodMiniOptional<(typeof fields)[K]>;
} & { template_id: z.ZodMiniOptional<z.ZodMiniNullable<ReturnType<typeof uuidParam>>> };
export const updateCampaignBody = parsesTo<UpdateCampaignInput>()(
  z.object(updateFields).check(someFieldToChange('name'), eitherTemplateOrContent, bodySize, placeholders),
);

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
