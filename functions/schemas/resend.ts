import * as z from 'zod/mini';
import { MAX_BATCH, MAX_RECIPIENTS } from './mail-limits';
import { email, nonEmpty, uuidParam } from './common';
import { ATTACHMENT_CONTENT, secret, secretWithin } from './secret';

/**
 * The Resend API's request and answer shapes (the `resend` npm package's types are the contract),
 * for the routes of functions/routes/resend.ts. A request is read loosely here, in Resend's names, and
 * turned into our own send request (functions/http/resend-mail.ts), which our own schemas then check:
 * the same rules as the native routes, never a second set.
 */

const oneOrMany = (item: z.ZodMiniType<string>) => z.union([item, z.array(item)]);

/** Resend's tag rule: ASCII letters, digits, `_` and `-`. The name becomes a metadata key (at most 40 characters). */
const tagText = (max: number) =>
  z.string().check(z.maxLength(max), z.regex(/^[A-Za-z0-9_-]*$/, 'Only ASCII letters, digits, _ and - are allowed'));
const tag = z.object({ name: tagText(40).check(z.minLength(1)), value: tagText(256) });

/** One email as Resend takes it (send, and each item of a batch). Both spellings of the two-word fields are read. */
export const resendEmail = z.object({
  // Optional with a template whose own `from` it then takes (functions/http/resend-mail.ts).
  from: z.optional(z.string().check(z.minLength(1), z.maxLength(400))),
  to: oneOrMany(email()).check(
    z.refine((to) => typeof to === 'string' || to.length >= 1, 'At least one recipient'),
    z.refine((to) => typeof to === 'string' || to.length <= MAX_RECIPIENTS, `At most ${MAX_RECIPIENTS} recipients`),
  ),
  subject: z.optional(z.string()),
  html: z.optional(z.string()),
  text: z.optional(z.string()),
  cc: z.optional(oneOrMany(email())),
  bcc: z.optional(oneOrMany(email())),
  reply_to: z.optional(oneOrMany(email())),
  replyTo: z.optional(oneOrMany(email())),
  tags: z.optional(z.array(tag).check(z.maxLength(50))),
  template: z.optional(z.object({ id: z.string(), variables: z.optional(z.record(z.string(), z.unknown())) })),
  // Passed on unchecked: our send schema checks them (functions/http/resend-mail.ts).
  headers: z.optional(z.unknown()),
  attachments: z.optional(
    secretWithin(
      z.unknown(),
      ATTACHMENT_CONTENT.map(([, ...inside]) => inside),
    ),
  ),
  scheduled_at: z.optional(z.unknown()),
  scheduledAt: z.optional(z.unknown()),
  // Read only to be refused with a clear message (functions/http/resend-mail.ts).
  react: z.optional(z.unknown()),
  topic_id: z.optional(z.unknown()),
});
export type ResendEmail = z.infer<typeof resendEmail>;

/** A batch: 1 to 100 emails, each read on its own (a bad one fails alone in permissive mode). */
export const resendBatchBody = z
  .array(secretWithin(z.record(z.string(), z.unknown()), ATTACHMENT_CONTENT))
  .check(z.minLength(1), z.maxLength(MAX_BATCH));
/** `x-batch-validation`: `strict` (the SDK's default) refuses the whole batch for one bad email. */
export const resendBatchHeaders = z.object({ 'x-batch-validation': z.optional(z.enum(['strict', 'permissive'])) });

export const resendId = z.object({ id: nonEmpty(300) });
export const resendEmailUpdateBody = z.object({
  scheduled_at: z.optional(z.unknown()),
  scheduledAt: z.optional(z.unknown()),
});

/**
 * Resend pages with `limit` and `after` or `before`: the id of the item the page follows or precedes
 * (functions/http/resend-paging.ts).
 */
export const resendListQuery = z.object({
  limit: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(100))),
  after: z.optional(uuidParam()),
  before: z.optional(uuidParam()),
});

export const listOf = <T extends z.ZodMiniType>(item: T) =>
  z.object({ object: z.literal('list'), has_more: z.boolean(), data: z.array(item) });

export const resendCreated = z.object({ id: z.string() });
export const resendBatchCreated = z.object({
  data: z.array(resendCreated),
  errors: z.optional(z.array(z.object({ index: z.int(), message: z.string() }))),
});

export const LAST_EVENTS = [
  'bounced',
  'canceled',
  'clicked',
  'complained',
  'delivered',
  'delivery_delayed',
  'failed',
  'opened',
  'queued',
  'scheduled',
  'sent',
  'suppressed',
] as const;

const emailFields = {
  object: z.literal('email'),
  id: z.string(),
  /** Our RFC 5322 Message-ID (`<uuid@domain>`), the id GET /api/v1/mail/status takes too. */
  message_id: z.string(),
  from: z.string(),
  to: z.array(z.string()),
  cc: z.nullable(z.array(z.string())),
  bcc: z.nullable(z.array(z.string())),
  reply_to: z.nullable(z.array(z.string())),
  subject: z.string(),
  created_at: z.string(),
  last_event: z.enum(LAST_EVENTS),
  scheduled_at: z.nullable(z.string()),
};
/**
 * `html` and `text`: the body as sent, before tracking, while it is kept (MESSAGE_RETENTION_DAYS); null
 * once it is not (and always in a list, which reads no bodies).
 */
export const resendEmailView = z.object({
  ...emailFields,
  html: z.nullable(z.string()),
  text: z.nullable(z.string()),
  tags: z.array(z.object({ name: z.string(), value: z.string() })),
});
export const resendEmailList = listOf(resendEmailView);
export const resendEmailRef = z.object({ object: z.literal('email'), id: z.string() });

const record = z.object({
  record: z.string(),
  name: z.string(),
  type: z.string(),
  value: z.string(),
  ttl: z.string(),
  /** Of the SDK's `DomainRecordStatus`, those this service answers (http/resend-views.ts). */
  status: z.enum(['not_started', 'pending', 'verified', 'failed']),
  priority: z.optional(z.int()),
});
const capabilities = z.object({ sending: z.enum(['enabled', 'disabled']), receiving: z.enum(['enabled', 'disabled']) });
const domainFields = {
  object: z.literal('domain'),
  id: z.string(),
  name: z.string(),
  /** Of the SDK's `DomainStatus`, those this service answers (http/resend-views.ts). */
  status: z.enum(['not_started', 'pending', 'verified', 'failed']),
  created_at: z.string(),
  region: z.string(),
  capabilities,
};
export const resendDomain = z.object({ ...domainFields, records: z.array(record) });
export const resendDomainList = listOf(z.object(domainFields));
/**
 * Resend's create takes region, tracking and TLS options too: the domain's region is the deployment's, so they are not
 * read.
 */
export const resendDomainBody = z.object({ name: z.string().check(z.maxLength(1000)) });
export const resendDeleted = <O extends string>(object: O) =>
  z.object({ object: z.literal(object), id: z.string(), deleted: z.boolean() });

/**
 * `full_access` is every permission the creating key holds; `sending_access` is `mail`. `domain_id` has no like in our
 * keys.
 */
export const resendApiKeyBody = z.object({
  name: nonEmpty(100),
  permission: z.optional(z.enum(['full_access', 'sending_access'])),
  domain_id: z.optional(z.unknown()),
});
export const resendApiKeyCreated = z.object({ id: z.string(), token: secret(z.string()) });
export const resendApiKeyList = listOf(
  z.object({ id: z.string(), name: z.string(), created_at: z.string(), last_used_at: z.nullable(z.string()) }),
);
