import * as z from 'zod/mini';
import type { BatchItem, SendBatchInput, SendMailInput, SendMailRequest } from '../domain/mail/mail-input';
import { bodyRequired, email, headerText, isoWithZone, nonEmpty, parsesTo } from './common';
import {
  COMPOSITE_TYPE_REFUSAL,
  decodedLength,
  forwardedMailProblem,
  isCompositeType,
  isForwardedMail,
  MAX_ATTACHMENT_BYTES,
  MAX_ATTACHMENTS,
  refusedFilename,
} from '../domain/mail/attachments';
import { hasBody, MAX_MAIL_BODY_BYTES, MAX_SUBJECT_LENGTH, NO_BODY } from '../domain/mail/mail-body';
import { metadata } from './metadata';
import { customHeaders } from './custom-headers';
import { tenantReference } from './tenants';
import { eitherTemplateOrBody, eitherTemplateOrContent, templateRefFields, variablesNeedTemplate } from './templates';
import { ATTACHMENT_CONTENT, secret, secretWithin } from './secret';
import { MAX_BATCH, MAX_RECIPIENTS } from './mail-limits';

/**
 * docs/promises.md: cc + bcc + 1 <= 50 recipients (the SES limit); subject 1..998 characters; body
 * (html + text) <= 512 KiB. Every field that becomes a header (subject, from_name, the addresses)
 * refuses CR, LF and NUL.
 */
export { MAX_MAIL_BODY_BYTES };

/** base64 (RFC 4648, padded), checked without backtracking: one character class, then the padding. */
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
/** A MIME type `type/subtype` (RFC 2045 tokens), optionally with parameters; never a line break. */
const MIME_TYPE = /^[A-Za-z0-9!#$&^_.+-]{1,64}\/[A-Za-z0-9!#$&^_.+-]{1,64}(;[ -~]{0,120})?$/;

const attachment = z.object({
  filename: z.string().check(
    z.minLength(1),
    z.maxLength(255),
    z.refine((name) => !/[/\\\r\n\0]/.test(name), 'A file name may not contain /, \\, CR, LF or NUL'),
    z.refine((name) => refusedFilename(name) === undefined, {
      error: (issue) => refusedFilename(String(issue.input)) ?? 'This type of file cannot be sent',
    }),
  ),
  content: secret(
    z.string().check(
      z.minLength(1),
      z.refine(
        (text) => text.length % 4 === 0 && BASE64.test(text),
        'content must be base64 (standard alphabet, padded)',
      ),
    ),
  ),
  content_type: z.optional(
    z.string().check(
      z.regex(MIME_TYPE, 'content_type must be a MIME type such as application/pdf'),
      // A forwarded mail (message/rfc822) alone is a composite type taken: in a forward's shape (below).
      z.refine((type) => !isCompositeType(type) || isForwardedMail(type), COMPOSITE_TYPE_REFUSAL),
    ),
  ),
  content_id: z.optional(
    z
      .string()
      .check(
        z.regex(
          /^[A-Za-z0-9!#$%&'*+\-./=?^_`{|}~@]{1,100}$/,
          'content_id is 1..100 characters without spaces, angle brackets or line breaks',
        ),
      ),
  ),
});

const mailFields = {
  to: email(),
  subject: headerText(1, MAX_SUBJECT_LENGTH),
  html: z.optional(z.string()),
  text: z.optional(z.string()),
  reply_to: z.optional(email()),
  cc: z.optional(z.array(email()).check(z.maxLength(MAX_RECIPIENTS - 1))),
  bcc: z.optional(z.array(email()).check(z.maxLength(MAX_RECIPIENTS - 1))),
  tags: z.optional(z.array(nonEmpty(100)).check(z.maxLength(20))),
  metadata: z.optional(metadata()),
  headers: z.optional(customHeaders()),
  /** HTML mail is tracked (an open pixel, redirecting links) unless these say false. Text-only mail never is. */
  track_opens: z.optional(z.boolean()),
  track_clicks: z.optional(z.boolean()),
  /** Future and at most 30 days ahead: checked against the clock by the domain (mail/schedule.ts). */
  scheduled_at: z.optional(isoWithZone()),
  attachments: z.optional(
    z.array(attachment).check(
      z.maxLength(MAX_ATTACHMENTS, `At most ${MAX_ATTACHMENTS} attachments`),
      z.refine(
        (files) => files.reduce((sum, file) => sum + decodedLength(file.content), 0) <= MAX_ATTACHMENT_BYTES,
        `Attachments may be at most ${MAX_ATTACHMENT_BYTES / 1024 / 1024} MiB in all (decoded)`,
      ),
      z.refine((files) => forwardedMailProblem(files) === undefined, {
        error: (issue) => forwardedMailProblem(issue.input as Parameters<typeof forwardedMailProblem>[0]),
      }),
    ),
  ),
};

const sender = {
  from_email: z.optional(email()),
  from_name: z.optional(headerText(0, 100)),
  /** The tenant the mail goes out as: its id or name (issue 42). */
  tenant: z.optional(tenantReference),
};

type MailFields = { html?: string | null; text?: string | null; cc?: string[]; bcc?: string[] };

const bodySize = z.refine<MailFields>(
  (mail) => Buffer.byteLength(mail.html ?? '') + Buffer.byteLength(mail.text ?? '') <= MAX_MAIL_BODY_BYTES,
  {
    message: `html and text together may be at most ${MAX_MAIL_BODY_BYTES / 1024} KiB`,
    path: ['html'],
  },
);

/** The rules a schema's shape cannot say: a body is required, and the size and recipient caps. */
const mailRules = [
  bodyRequired(),
  z.refine<MailFields>((mail) => 1 + (mail.cc?.length ?? 0) + (mail.bcc?.length ?? 0) <= MAX_RECIPIENTS, {
    message: `to, cc and bcc together may name at most ${MAX_RECIPIENTS} recipients`,
    path: ['cc'],
  }),
  bodySize,
] as const;

/**
 * What a template renders, held to the rules the send holds it to (subject, a body, the size cap):
 * the preview answers what a send would refuse as the same 400 (functions/http/template-mail.ts).
 */
export const renderedContent = z
  .object({ subject: mailFields.subject, html: z.nullable(z.string()), text: z.nullable(z.string()) })
  .check(bodyRequired(), bodySize);

/**
 * The mail itself, as sent: the request's own content, or what its template rendered (functions/http/template-mail.ts).
 */
export const sendMailBody = parsesTo<SendMailInput>()(z.object({ ...mailFields, ...sender }).check(...mailRules));

/**
 * What a send may ask for: the mail, or `template_id` + `variables` in place of subject/html/text
 * (never both). The content rules (a subject, a body, the size cap) are checked on the mail once its
 * template, if any, is rendered: sendMailBody above.
 */
const requestFields = { ...mailFields, subject: z.optional(mailFields.subject), ...sender, ...templateRefFields };
const requestSchema = (templateRule: typeof eitherTemplateOrContent) =>
  z.object(requestFields).check(
    templateRule,
    variablesNeedTemplate,
    // Without a template the request is the mail: its subject and body are asked for here, beside the
    // other problems of the request, not after them.
    z.refine((c) => Boolean(c.template_id) || c.subject !== undefined, {
      message: 'A subject is required (or a template_id)',
      path: ['subject'],
    }),
    z.refine((c) => Boolean(c.template_id) || hasBody(c), { message: NO_BODY.message, path: [NO_BODY.field] }),
  );
/** The native send and batch item: a template in place of subject, html and text. */
export const sendMailRequest = parsesTo<SendMailRequest>()(requestSchema(eitherTemplateOrContent));
/** Resend's send and batch item, mapped onto ours: a subject beside a template replaces the template's. */
export const resendMailRequest = parsesTo<SendMailRequest>()(requestSchema(eitherTemplateOrBody));

export const sendMailResult = z.object({
  message_id: z.string(),
  /** `scheduled` (answered 202) when the request named a `scheduled_at`. */
  status: z.enum(['sent', 'scheduled']),
  to: z.string(),
  from: z.string(),
});

/** One item of a batch: every field of a single send; from_email/from_name override the batch's. */
export const batchItem = parsesTo<BatchItem>()(z.object({ ...mailFields, ...sender }).check(...mailRules));

/** Problems of a batch item in one line (`field: message; ...`). */
export const issuesLine = (issues: readonly { path: readonly PropertyKey[]; message: string }[]) =>
  issues.map((issue) => `${issue.path.map(String).join('.') || 'item'}: ${issue.message}`).join('; ');

/** One batch item read on its own: the item, or its problems in one line. */
export const checkBatchItem = (raw: unknown): { ok: true; item: BatchItem } | { ok: false; message: string } => {
  const parsed = batchItem.safeParse(raw);
  if (parsed.success) return { ok: true, item: parsed.data };
  return { ok: false, message: issuesLine(parsed.error.issues) };
};

/**
 * The batch itself: items are checked one by one by the use case (an invalid item fails alone),
 * so here they only need to be objects, 1 to 100 of them.
 */
export const sendBatchBody = parsesTo<SendBatchInput>()(
  z.object({
    messages: z
      .array(secretWithin(z.record(z.string(), z.unknown()), ATTACHMENT_CONTENT))
      .check(z.minLength(1), z.maxLength(MAX_BATCH)),
    ...sender,
  }),
);

const batchEntry = z.object({
  to: z.nullable(z.string()),
  status: z.enum(['queued', 'scheduled', 'failed']),
  queue_id: z.optional(z.int()),
  message_id: z.optional(z.string()),
  error: z.optional(z.object({ code: z.string(), message: z.string() })),
});

export const sendBatchResult = z.object({
  total: z.int(),
  /** Items queued now; `failed` the refused ones. Scheduled items are neither (their entries say `scheduled`). */
  queued: z.int(),
  failed: z.int(),
  messages: z.array(batchEntry),
});
