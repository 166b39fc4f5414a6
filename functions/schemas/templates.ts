import * as z from 'zod/mini';
import { email, headerText, nonEmpty } from './common';
import { isTemplateId, TEMPLATE_ALIAS } from '../domain/templates/template-ref';
import { jsonObjectField, MAX_JSON_BYTES } from './json-object';
import { pageQuery } from './pagination';

/** docs/promises.md: a template's subject, html and text together at most 512 KiB, as a single send's body. */
export const MAX_TEMPLATE_BYTES = 512 * 1024;

export const templateFields = {
  name: nonEmpty(200),
  subject: headerText(1, 998),
  html: z.optional(z.string()),
  text: z.optional(z.string()),
};

/** Resend's alias: letters, digits, `.`, `_`, `-`, never shaped like an id (a path names either). */
export const templateAlias = z.string().check(
  z.regex(TEMPLATE_ALIAS, 'An alias is 1 to 64 letters, digits, ., _ or -'),
  z.refine((alias) => !isTemplateId(alias), 'An alias may not be shaped like a template id (a UUID)'),
);

/**
 * The template's own sender and alias (null takes one away on an edit). The sender rule holds for `from_email`
 * when the template is saved (the domain checks it against the account's domains) and again at each send.
 */
export const templateIdentityFields = {
  alias: z.optional(z.nullable(templateAlias)),
  from_email: z.optional(z.nullable(email())),
  from_name: z.optional(z.nullable(headerText(0, 100))),
  reply_to: z.optional(z.nullable(email())),
};

export const templateVariablesField = () =>
  jsonObjectField('variables', `The values the template reads (any JSON object, at most ${MAX_JSON_BYTES / 1024} KiB)`);

/** What a send (single, batch item) or a campaign takes in place of subject/html/text. */
/** A template named by a send: its id or its alias. */
export const templateRef = () =>
  z.string().check(z.refine((ref) => isTemplateId(ref) || TEMPLATE_ALIAS.test(ref), 'Not a template id or alias'));

export const templateRefFields = {
  template_id: z.optional(templateRef()),
  variables: z.optional(templateVariablesField()),
};

type Referenced = {
  template_id?: string | null;
  variables?: unknown;
  subject?: unknown;
  html?: unknown;
  text?: unknown;
};

/** A template in place of these fields, never both: each one given beside a template is an issue naming it. */
const templateInPlaceOf = (fields: readonly ('subject' | 'html' | 'text')[]) =>
  z.superRefine<Referenced>((body, context) => {
    if (!body.template_id) return;
    for (const field of fields) {
      if (body[field] !== undefined)
        context.addIssue({
          code: 'custom',
          message: `Give either template_id or ${field}, not both`,
          path: [field],
          input: body,
        });
    }
  });

/** The native contract: a template in place of subject, html and text (a subject beside it is 400 too). */
export const eitherTemplateOrContent = templateInPlaceOf(['subject', 'html', 'text']);
/**
 * Resend's send takes a subject beside a template, in place of the template's (its own API does): only a body
 * beside a template is refused there (schemas/mail.ts resendMailRequest).
 */
export const eitherTemplateOrBody = templateInPlaceOf(['html', 'text']);

/** A send's variables mean nothing without its template: refused rather than ignored. */
export const variablesNeedTemplate = z.refine<Referenced>(
  (body) => body.variables === undefined || Boolean(body.template_id),
  {
    message: 'variables needs a template_id',
    path: ['variables'],
  },
);

export const renderTemplateBody = z.object({
  variables: z.optional(templateVariablesField()),
  draft: z.optional(
    z.boolean().check(z.meta({ description: 'true: render the latest edits, not the published version' })),
  ),
});

export const renderedTemplate = z.object({
  subject: z.string(),
  html: z.nullable(z.string()),
  text: z.nullable(z.string()),
});

const versionFields = {
  subject: z.string(),
  html: z.nullable(z.string()),
  text: z.nullable(z.string()),
  variables: z.array(z.string()),
};

/**
 * A template: its latest parts, and its versions' state. `status` is `draft` until its first publish
 * (sends refuse it until then); `published` is the version sends use while the latest parts have edits
 * not yet published (`has_unpublished_versions`), else null: the parts above are the published ones.
 */
export const templateView = z.object({
  id: z.string(),
  name: z.string(),
  alias: z.nullable(z.string()),
  ...versionFields,
  /** The sender a send by the template takes when it gives none (null: the send's or the provider's). */
  from_email: z.nullable(z.string()),
  from_name: z.nullable(z.string()),
  reply_to: z.nullable(z.string()),
  status: z.enum(['draft', 'published']),
  published_at: z.nullable(z.string()),
  has_unpublished_versions: z.boolean(),
  published: z.nullable(z.object(versionFields)),
  created_at: z.string(),
  updated_at: z.string(),
});

export const templatesQuery = z.object({ limit: pageQuery.limit, cursor: pageQuery.cursor });
export const templatesPage = z.object({ templates: z.array(templateView), next_cursor: z.nullable(z.string()) });
