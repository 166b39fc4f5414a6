import { email, metadata, nonEmpty, z } from './common';

/** contract.md: cc + bcc + 1 <= 50 recipients (the SES limit); body (html + text) <= 512 KiB. */
export const MAX_RECIPIENTS = 50;
export const MAX_BODY_BYTES = 512 * 1024;

const mailFields = {
  to: email(),
  subject: z.string().check(z.minLength(1), z.maxLength(998)),
  html: z.optional(z.string()),
  text: z.optional(z.string()),
  reply_to: z.optional(email()),
  cc: z.optional(z.array(email()).check(z.maxLength(MAX_RECIPIENTS - 1))),
  bcc: z.optional(z.array(email()).check(z.maxLength(MAX_RECIPIENTS - 1))),
  tags: z.optional(z.array(nonEmpty(100)).check(z.maxLength(20))),
  metadata: z.optional(metadata()),
};

const sender = {
  from_email: z.optional(email()),
  from_name: z.optional(z.string().check(z.maxLength(100))),
};

type MailFields = { html?: string; text?: string; cc?: string[]; bcc?: string[] };

/** The rules a schema's shape cannot say: a body is required, and the size and recipient caps. */
const mailRules = [
  z.refine<MailFields>((mail) => mail.html !== undefined || mail.text !== undefined, {
    message: 'At least one of html or text is required',
    path: ['html'],
  }),
  z.refine<MailFields>((mail) => 1 + (mail.cc?.length ?? 0) + (mail.bcc?.length ?? 0) <= MAX_RECIPIENTS, {
    message: `to, cc and bcc together may name at most ${MAX_RECIPIENTS} recipients`,
    path: ['cc'],
  }),
  z.refine<MailFields>((mail) => Buffer.byteLength(mail.html ?? '') + Buffer.byteLength(mail.text ?? '') <= MAX_BODY_BYTES, {
    message: 'html and text together may be at most 512 KiB',
    path: ['html'],
  }),
] as const;

export const sendMailBody = z.object({ ...mailFields, ...sender }).check(...mailRules);
export type SendMailInput = z.infer<typeof sendMailBody>;

export const sendMailResult = z.object({
  message_id: z.string(),
  status: z.literal('sent'),
  to: z.string(),
  from: z.string(),
});

export const messageStatusParams = z.object({ message_id: nonEmpty(300) });

export const messageView = z.object({
  message_id: z.string(),
  from_email: z.string(),
  to_email: z.string(),
  subject: z.string(),
  status: z.string(),
  error_message: z.nullable(z.string()),
  sent_at: z.nullable(z.string()),
  created_at: z.string(),
});

export const messageStatusResult = z.object({
  message: messageView,
  events: z.array(
    z.object({
      event_type: z.string(),
      ip_address: z.nullable(z.string()),
      user_agent: z.nullable(z.string()),
      url: z.optional(z.string()),
      created_at: z.string(),
    }),
  ),
});
