import * as z from 'zod/mini';
import { unknownPlaceholders } from '../domain/campaigns/reader-variables';
import { templateIssues } from '../domain/templates/engine';
import {
  MAX_CAMPAIGN_BODY_BYTES,
  type CreateCampaignInput,
  type UpdateCampaignInput,
} from '../domain/campaigns/campaign-input';
import { hasBody, NO_BODY } from '../domain/mail/mail-body';
import { email, headerText, nonEmpty, parsesTo, uuidParam, someFieldToChange } from './common';
import { eitherTemplateOrContent, templateVariablesField } from './templates';
import { tenantReference } from './tenants';

/*
 * A campaign's create and update bodies: apart from ./campaigns.ts (its views, the unsubscribe link's
 * token) because their placeholder check runs the Mustache engine, which the audience and campaign routes
 * that only read would otherwise bundle: docs/decisions/0133-schemas-by-route.md
 */

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
