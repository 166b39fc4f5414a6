import type { SendMailRequest } from '../domain/mail/mail-input';
import { validationError, type FieldIssue } from '../domain/errors';
import { validated } from './validate';
import { resendEmail, type ResendEmail } from '../schemas/resend';

/**
 * A Resend email turned into our own send request, so that a Resend send is one of ours (the same
 * use case, rules and record: docs/promises.md "Resend-compatible API"). The mapping:
 * - `from`, `"Name <addr>"` or `addr` -> from_name, from_email (left out with a template: the template's own);
 * - `to`, one address or up to 50: the first is our `to`, the others go first into `cc`. Our message
 *   has one `to` (one record, one status, one id, as Resend answers one id); every address still gets
 *   the mail and sees the others, as with Resend, in Cc rather than To;
 * - `reply_to`/`replyTo`: one address (ours takes one);
 * - `tags` [{name, value}] -> metadata {name: value} (webhook events and the status carry them);
 * - `template` {id, variables} -> template_id, variables (our stored templates);
 * - `scheduled_at`/`scheduledAt` -> scheduled_at (our scheduled send: the same limits);
 * - `attachments` [{filename, content (base64: the SDK encodes a Buffer so), content_type/contentType,
 *   content_id}] -> attachments. A `path` (a URL Resend would fetch) is refused: the service fetches nothing;
 * - `headers` {name: value} -> headers (our custom headers: the same limits and refused names).
 * What the service cannot do yet is refused by name, never dropped silently.
 */

const list = (value: string | string[] | undefined) =>
  value === undefined ? [] : typeof value === 'string' ? [value] : value;

/**
 * `Display Name <addr@host>` or a bare address: the address is what the last `<...>` holds. Index
 * scans only, so any input is read in linear time.
 */
export const parseSender = (from: string): { email: string; name?: string } => {
  const trimmed = from.trim();
  const open = trimmed.lastIndexOf('<');
  if (open === -1 || !trimmed.endsWith('>')) return { email: trimmed };
  let name = trimmed.slice(0, open).trim();
  if (name.length >= 2 && name.startsWith('"') && name.endsWith('"')) name = name.slice(1, -1);
  return { email: trimmed.slice(open + 1, -1).trim(), ...(name ? { name } : {}) };
};

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Resend's attachment in our words; anything not an object goes on as is, for our schema to name. */
const attachmentOf = (file: unknown) => {
  if (!isObject(file)) return file;
  const contentType = file.content_type ?? file.contentType;
  const contentId = file.content_id ?? file.contentId;
  return {
    filename: file.filename,
    content: file.content,
    ...(contentType !== undefined && contentType !== null ? { content_type: contentType } : {}),
    ...(contentId !== undefined && contentId !== null ? { content_id: contentId } : {}),
  };
};

/** Fields of Resend's that the service does not take (yet), with why: a request naming one is refused. */
const refusals = (mail: ResendEmail): FieldIssue[] => {
  const issues: FieldIssue[] = [];
  const given = (value: unknown) => value !== undefined && value !== null;
  if (given(mail.react))
    issues.push({
      field: 'react',
      message: 'React is rendered by the caller: send its HTML (for example from @react-email/render) as html',
    });
  if (Array.isArray(mail.attachments))
    mail.attachments.forEach((file, index) => {
      if (isObject(file) && given(file.path))
        issues.push({
          field: `attachments[${index}].path`,
          message: 'The service fetches nothing: send the file itself as base64 content',
        });
    });
  if (given(mail.topic_id))
    issues.push({
      field: 'topic_id',
      message: 'Topics are not supported: the service has no topics (subscription preferences live in its lists)',
    });
  const replyTo = list(mail.reply_to ?? mail.replyTo);
  if (replyTo.length > 1) issues.push({ field: 'reply_to', message: 'At most one reply_to address' });
  // Without a template there is no other sender to take: `from` is asked for, as Resend asks for it.
  if (mail.from === undefined && !mail.template) issues.push({ field: 'from', message: 'from is required' });
  return issues;
};

/** The Resend email in our words; throws VALIDATION_ERROR (Resend's 422 validation_error) naming every problem. */
/** The mail's headers without `X-Tenant` (any case), and the tenant it names. */
const tenantHeader = (headers: unknown): Pick<SendMailRequest, 'headers' | 'tenant'> => {
  if (headers === undefined || headers === null) return {};
  if (typeof headers !== 'object' || Array.isArray(headers)) return { headers: headers as Record<string, string> };
  const entries = Object.entries(headers as Record<string, string>);
  const tenant = entries.find(([name]) => name.toLowerCase() === 'x-tenant');
  const rest = entries.filter(([name]) => name.toLowerCase() !== 'x-tenant');
  return {
    ...(rest.length || !tenant ? { headers: Object.fromEntries(rest) } : {}),
    ...(tenant ? { tenant: tenant[1] } : {}),
  };
};

export const sendRequestOf = (mail: ResendEmail, prefix?: string): SendMailRequest => {
  const issues = refusals(mail);
  if (issues.length)
    throw validationError(prefix ? issues.map((issue) => ({ ...issue, field: `${prefix}.${issue.field}` })) : issues);
  const sender = mail.from === undefined ? undefined : parseSender(mail.from);
  const [to, ...otherTo] = list(mail.to);
  const cc = [...otherTo, ...list(mail.cc)];
  const bcc = list(mail.bcc);
  const [replyTo] = list(mail.reply_to ?? mail.replyTo);
  const scheduledAt = mail.scheduled_at ?? mail.scheduledAt;
  return {
    to,
    // A bare `from` leaves bare, as Resend sends it: an empty name is none (accepted-mail.ts). None given (a
    // send by template): the template's own, else the provider's (http/template-mail.ts).
    ...(sender ? { from_email: sender.email, from_name: sender.name ?? '' } : {}),
    ...(mail.subject !== undefined ? { subject: mail.subject } : {}),
    ...(mail.html !== undefined ? { html: mail.html } : {}),
    ...(mail.text !== undefined ? { text: mail.text } : {}),
    ...(cc.length ? { cc } : {}),
    ...(bcc.length ? { bcc } : {}),
    ...(replyTo !== undefined ? { reply_to: replyTo } : {}),
    ...(mail.tags?.length ? { metadata: Object.fromEntries(mail.tags.map((tag) => [tag.name, tag.value])) } : {}),
    // Unchecked here: our schema (sendMailRequest) checks both, as for a native send.
    ...(scheduledAt !== undefined && scheduledAt !== null ? { scheduled_at: scheduledAt as string } : {}),
    ...(Array.isArray(mail.attachments)
      ? { attachments: mail.attachments.map(attachmentOf) as SendMailRequest['attachments'] }
      : mail.attachments != null
        ? { attachments: mail.attachments as SendMailRequest['attachments'] }
        : {}),
    // Unchecked here: our schema names each refused header. `X-Tenant` is not a header of the mail: it names
    // the tenant the mail goes out as (issue 42, decision 0117), as the SMTP relay's does.
    ...tenantHeader(mail.headers),
    ...(mail.template
      ? { template_id: mail.template.id, ...(mail.template.variables ? { variables: mail.template.variables } : {}) }
      : {}),
  };
};

/** A batch item, read on its own: Resend's shape first, then ours. */
export const readResendEmail = (raw: unknown, prefix?: string) =>
  sendRequestOf(validated(resendEmail, raw, prefix), prefix);
