import type { OtpSession } from '../../ports';

export const MAX_ATTEMPTS = 5;
export const MAX_SENDS = 5;
export const RESEND_COOLDOWN_SECONDS = 30;
export const SESSIONS_PER_ADDRESS = 5;
export const SESSION_WINDOW_SECONDS = 600;

/** docs/promises.md: `expired` once attempts reach max_attempts or expires_at has passed. */
export const otpStatusOf = (session: OtpSession, now: Date) => {
  if (session.verified) return 'verified' as const;
  if (session.attempts >= session.max_attempts || Date.parse(session.expires_at) <= now.getTime())
    return 'expired' as const;
  return 'pending' as const;
};

export const presentOtpSession = (session: OtpSession, now: Date) => ({
  session_id: session.session_id,
  email: session.email,
  status: otpStatusOf(session, now),
  attempts: session.attempts,
  max_attempts: session.max_attempts,
  expires_at: session.expires_at,
});
