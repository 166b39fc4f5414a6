import type { ParsedMail } from 'mailparser';
import { authenticate, authorize } from '../domain/auth/authenticate';
import { consumeRateLimit } from '../domain/auth/rate-limit';
import { AppError } from '../domain/errors';
import { sha256Hex } from '../domain/hash';
import { sendMail } from '../domain/mail/send-mail';
import { requireAllowedSender } from '../domain/providers/default-provider';
import type { SendMailRequest } from '../domain/mail/mail-input';
import type { ApiKey } from '../domain/types';
import type { relayDeps } from './relay-deps';
import { resolveMail } from '../http/template-mail';
import { email } from '../schemas/common';
import { RelayRefusal } from './replies';
import { submissionIdempotencyKey, submissionRequest } from './submission';

const recipientAddress = email();

/** What the relay needs: a key's checks (as every API request) and the send use case's. */
export type RelayDeps = ReturnType<typeof relayDeps>;

/** The user names an SMTP client may give with an API key as its password (Resend's is `resend`). */
export const RELAY_USERS = ['apikey', 'resend'];
/** As the API's send: To, Cc and Bcc together (docs/promises.md). */
export const MAX_RELAY_RECIPIENTS = 50;

const IDEMPOTENCY_WINDOW_SECONDS = 24 * 3600;
const LONGEST_SUBMISSION_SECONDS = 60;

/** AUTH: the password is an API key with the `mail` permission; the user name one of RELAY_USERS. */
export const authenticateRelay = async (deps: RelayDeps, username: string, password: string) => {
  if (!RELAY_USERS.includes(username.toLowerCase()))
    throw new AppError('UNAUTHORIZED', `The user name is ${RELAY_USERS.join(' or ')}, the password an API key`);
  if (/\s/.test(password) || !password) throw new AppError('UNAUTHORIZED', 'Invalid API key');
  const key = await authenticate(deps, `Bearer ${password}`);
  authorize(key, 'mail');
  return key;
};

/** MAIL FROM: the sender rule of every send path, on the envelope sender (the header From is checked again at DATA). */
export const checkEnvelopeSender = async (deps: RelayDeps, key: ApiKey, address: string) => {
  await requireAllowedSender(deps.providers, key.account_id, address || undefined);
};

/** RCPT TO: at most MAX_RELAY_RECIPIENTS, and never a suppressed address (the others go on). */
export const checkRecipient = async (deps: RelayDeps, key: ApiKey, address: string, accepted: number) => {
  // RFC 5321's answer to one recipient too many: the client sends the rest in another mail.
  if (accepted >= MAX_RELAY_RECIPIENTS)
    throw new RelayRefusal({
      code: 452,
      enhanced: '4.5.3',
      message: `At most ${MAX_RELAY_RECIPIENTS} recipients a mail`,
    });
  // An address the send would refuse (an SMTPUTF8 local part, over 254 characters) is refused now, not at DATA.
  if (!recipientAddress.safeParse(address).success)
    throw new RelayRefusal({
      code: 553,
      enhanced: '5.1.3',
      message: `${address} is not an address the service sends to`,
    });
  // The account's list and a tenant key's own; a tenant named by X-Tenant is known at DATA, where the send checks it.
  const suppressed = await deps.suppressions.findSuppressed(key.account_id, [address], key.tenant_id ?? undefined);
  if (suppressed.has(address.toLowerCase()))
    throw new AppError(
      'RECIPIENT_SUPPRESSED',
      `${address} is on the suppression list (bounced, complained or unsubscribed)`,
    );
};

/**
 * DATA: one request of the key's rate limit, then the mail sent as `POST /mail/send` sends it. With an
 * Idempotency-Key header, the same key and the same mail within 24 hours answer the first message id
 * and send nothing. Answers the message id.
 */
export const submitMail = async (
  deps: RelayDeps,
  key: ApiKey,
  parsed: ParsedMail,
  raw: Buffer,
  recipients: string[],
) => {
  await consumeRateLimit(deps, key);
  const idempotencyKey = submissionIdempotencyKey(parsed);
  if (idempotencyKey === undefined) return send(deps, key, parsed, recipients);
  if (idempotencyKey.length > 255) throw new AppError('VALIDATION_ERROR', 'An Idempotency-Key is 1 to 255 characters');
  const now = Math.floor(deps.clock.now().getTime() / 1000);
  const claim = await deps.idempotency.claim(
    key.account_id,
    idempotencyKey,
    sha256Hex(`SMTP\n${raw.toString('latin1')}`),
    now + IDEMPOTENCY_WINDOW_SECONDS,
    now + LONGEST_SUBMISSION_SECONDS,
  );
  if (claim.state === 'replay') return (JSON.parse(claim.response.body) as { message_id: string }).message_id;
  if (claim.state === 'conflict') {
    throw claim.reason === 'in_flight'
      ? new AppError('CONFLICT', 'A mail with this Idempotency-Key is still being sent')
      : new AppError('VALIDATION_ERROR', 'This Idempotency-Key was used with another mail');
  }
  try {
    const messageId = await send(deps, key, parsed, recipients);
    await deps.idempotency.complete(key.account_id, idempotencyKey, {
      status: 200,
      body: JSON.stringify({ message_id: messageId }),
    });
    return messageId;
  } catch (error) {
    await deps.idempotency.release(key.account_id, idempotencyKey).catch(() => undefined);
    throw error;
  }
};

const send = async (deps: RelayDeps, key: ApiKey, parsed: ParsedMail, recipients: string[]) => {
  // The request is checked by the send schema inside resolveMail, as the API's body is.
  const mail = await resolveMail(deps, key.account_id, submissionRequest(parsed, recipients) as SendMailRequest);
  try {
    const sent = await sendMail(deps, key.account_id, mail, 'smtp', key.tenant_id);
    return sent.message_id;
  } catch (error) {
    // A tenant key naming another tenant in X-Tenant: the mail is refused, not the login (issue 42).
    if (error instanceof AppError && error.code === 'FORBIDDEN')
      throw new RelayRefusal({ code: 550, enhanced: '5.7.1', message: error.message });
    throw error;
  }
};
