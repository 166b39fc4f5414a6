import type {
  Clock,
  Ids,
  MailerFactory,
  OtpSecret,
  OtpSession,
  OtpSessionStore,
  ProviderStore,
  ReputationStore,
  SendQuotaStore,
  SuppressionStore,
} from '../../ports';
import type { SendOtpInput } from './otp-input';
import { AppError, notFound } from '../errors';
import type { Provider } from '../types';
import { sendLimitReached, sendWithinLimits } from '../mail/send-step';
import { newMessageId } from '../mail/message-id';
import { requireAllowedSender } from '../providers/default-provider';
import { outgoingMail } from '../mail/outgoing-mail';
import { codeHash, newCode, sameHash } from './codes';
import {
  MAX_ATTEMPTS,
  MAX_SENDS,
  RESEND_COOLDOWN_SECONDS,
  SESSION_WINDOW_SECONDS,
  SESSIONS_PER_ADDRESS,
  presentOtpSession,
} from './otp-session';
import { renderOtpMail, type OtpTemplate } from './templates';

export interface OtpDeps {
  sessions: OtpSessionStore;
  secret: OtpSecret;
  providers: ProviderStore;
  suppressions: SuppressionStore;
  quotas: SendQuotaStore;
  mailers: MailerFactory;
  reputation: ReputationStore;
  clock: Clock;
  ids: Ids;
}

const invalidCode = () => new AppError('INVALID_CODE', 'The code is invalid or expired');
const tooMany = (message: string, retryAfterSeconds?: number) =>
  new AppError(
    'TOO_MANY_ATTEMPTS',
    message,
    retryAfterSeconds ? { headers: { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) } } : {},
  );

const secondsUntil = (iso: string, now: Date) => (Date.parse(iso) - now.getTime()) / 1000;

/** Mails the code through the default provider, inside its send limits; the code is never logged. */
const mailCode = async (
  deps: OtpDeps,
  provider: Provider,
  email: string,
  template: OtpTemplate,
  code: string,
  expiresIn: number,
) => {
  const step = await sendWithinLimits(deps, provider, 1, deps.clock.now(), {
    mail: async () =>
      outgoingMail({
        message_id: newMessageId(deps.ids.uuid(), provider.from_email),
        from: { email: provider.from_email, name: provider.from_name },
        to: email,
        cc: [],
        bcc: [],
        reply_to: null,
        ...renderOtpMail(template, code, expiresIn),
      }),
    failed: () => deps.reputation.count(provider.account_id, deps.clock.now(), { failed: 1 }),
  });
  if (step.outcome === 'limited') throw sendLimitReached();
  if (step.outcome === 'failed') throw new AppError('SEND_FAILED', 'Sending the code failed', { cause: step.error });
  // Codes are mail SES counts (their bounces are the account's): they count in the account's figures.
  await deps.reputation.count(provider.account_id, deps.clock.now(), { sent: 1 });
};

export const sendOtp = async (deps: OtpDeps, accountId: string, input: SendOtpInput) => {
  const now = deps.clock.now();
  const nowSeconds = Math.floor(now.getTime() / 1000);
  if ((await deps.suppressions.findSuppressed(accountId, [input.email])).size > 0) {
    throw new AppError(
      'RECIPIENT_SUPPRESSED',
      'The address is on the suppression list (bounced, complained or unsubscribed)',
    );
  }
  // OTP mail goes from the provider's own address: the sender rule holds it to a verified domain too.
  const provider = await requireAllowedSender(deps.providers, accountId, undefined);
  const windowStart = nowSeconds - (nowSeconds % SESSION_WINDOW_SECONDS);
  if (
    !(await deps.sessions.countNewSession(
      accountId,
      input.email,
      windowStart,
      SESSIONS_PER_ADDRESS,
      windowStart + 2 * SESSION_WINDOW_SECONDS,
    ))
  ) {
    throw tooMany(
      `At most ${SESSIONS_PER_ADDRESS} codes per address every ${SESSION_WINDOW_SECONDS / 60} minutes`,
      windowStart + SESSION_WINDOW_SECONDS - nowSeconds,
    );
  }

  const expiresIn = input.expires_in ?? 300;
  const codeLength = input.code_length ?? 6;
  const template = input.template ?? 'login';
  const sessionId = `otp_${deps.ids.secret(24)}`;
  const code = newCode(codeLength);
  const session: OtpSession = {
    session_id: sessionId,
    account_id: accountId,
    email: input.email,
    code_hash: codeHash(await deps.secret.key(), sessionId, input.email, code),
    verified: false,
    attempts: 0,
    max_attempts: MAX_ATTEMPTS,
    expires_at: new Date(now.getTime() + expiresIn * 1000).toISOString(),
    sends: 1,
    last_sent_at: now.toISOString(),
    template,
    code_length: codeLength,
    expires_in: expiresIn,
  };
  await deps.sessions.create(session);
  try {
    await mailCode(deps, provider, input.email, template, code, expiresIn);
  } catch (error) {
    // A session whose code never left is of no use: remove it, so nothing half-made remains.
    await deps.sessions.delete(accountId, sessionId);
    throw error;
  }
  return { session_id: sessionId, email: session.email, expires_at: session.expires_at };
};

export const verifyOtp = async (
  deps: Pick<OtpDeps, 'sessions' | 'secret' | 'clock'>,
  accountId: string,
  sessionId: string,
  code: string,
) => {
  const now = deps.clock.now();
  // Count the attempt first, atomically: parallel guesses can never get more than max_attempts tries.
  const attempt = await deps.sessions.countAttempt(accountId, sessionId, now.toISOString());
  if (!attempt.ok) {
    if (!attempt.session) throw notFound('OTP session');
    if (!attempt.session.verified && attempt.session.attempts >= attempt.session.max_attempts) {
      throw tooMany('No attempts left for this session; request a new code');
    }
    throw invalidCode();
  }
  const { session } = attempt;
  const expected = codeHash(await deps.secret.key(), session.session_id, session.email, code);
  if (!sameHash(expected, session.code_hash)) throw invalidCode();
  // Only one verify wins, and only while this is still the session's code.
  if (!(await deps.sessions.markVerified(accountId, sessionId, session.code_hash))) throw invalidCode();
  return { verified: true as const, email: session.email };
};

export const resendOtp = async (deps: OtpDeps, accountId: string, sessionId: string) => {
  const now = deps.clock.now();
  const existing = await deps.sessions.get(accountId, sessionId);
  if (!existing) throw notFound('OTP session');
  if (existing.verified || existing.attempts >= existing.max_attempts) throw invalidCode();
  if (existing.sends >= MAX_SENDS)
    throw tooMany(`At most ${MAX_SENDS} codes per session`, Math.max(1, secondsUntil(existing.expires_at, now)));
  const cooldown = RESEND_COOLDOWN_SECONDS - (now.getTime() - Date.parse(existing.last_sent_at)) / 1000;
  if (cooldown > 0) throw tooMany(`Wait ${Math.ceil(cooldown)} seconds before asking for another code`, cooldown);

  const code = newCode(existing.code_length);
  const hash = codeHash(await deps.secret.key(), sessionId, existing.email, code);
  const expiresAt = new Date(now.getTime() + existing.expires_in * 1000).toISOString();
  const changed = await deps.sessions.replaceCode(accountId, sessionId, {
    codeHash: hash,
    expiresAt,
    sentAt: now.toISOString(),
    cooldownSince: new Date(now.getTime() - RESEND_COOLDOWN_SECONDS * 1000).toISOString(),
    maxSends: MAX_SENDS,
  });
  // Lost a race with a parallel resend or verify: answer as the winner left the session.
  if (!changed.ok)
    throw tooMany(`Wait ${RESEND_COOLDOWN_SECONDS} seconds before asking for another code`, RESEND_COOLDOWN_SECONDS);
  try {
    await mailCode(
      deps,
      await requireAllowedSender(deps.providers, accountId, undefined),
      existing.email,
      existing.template,
      code,
      existing.expires_in,
    );
  } catch (error) {
    await deps.sessions.restoreCode(accountId, sessionId, existing, hash);
    throw error;
  }
  return { session_id: sessionId, expires_at: expiresAt };
};

export const otpSessionStatus = async (
  deps: Pick<OtpDeps, 'sessions' | 'clock'>,
  accountId: string,
  sessionId: string,
) => {
  const session = await deps.sessions.get(accountId, sessionId);
  if (!session) throw notFound('OTP session');
  return presentOtpSession(session, deps.clock.now());
};
