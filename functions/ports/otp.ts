/** Ports: One-time-code sessions and the key their codes are hashed with. */
import type { OtpChange, OtpSession } from '../domain/otp/otp-session-record';

export interface OtpSessionStore {
  create(session: OtpSession): Promise<void>;
  get(accountId: string, sessionId: string): Promise<OtpSession | undefined>;
  delete(accountId: string, sessionId: string): Promise<void>;
  /** attempts + 1 if the session is pending, unexpired (at `now`) and not exhausted; else the session as it is. */
  countAttempt(accountId: string, sessionId: string, now: string): Promise<OtpChange<OtpSession>>;
  /** pending -> verified, only while `codeHash` is still the session's code (a resend in between wins). */
  markVerified(accountId: string, sessionId: string, codeHash: string): Promise<boolean>;
  /**
   * A new code and expiry, only if pending, not exhausted, under `maxSends` and the last send is before
   * `cooldownUntil`.
   */
  replaceCode(
    accountId: string,
    sessionId: string,
    change: { codeHash: string; expiresAt: string; sentAt: string; cooldownSince: string; maxSends: number },
  ): Promise<OtpChange<OtpSession>>;
  /** Puts back the code a failed resend replaced. */
  restoreCode(accountId: string, sessionId: string, previous: OtpSession, failedHash: string): Promise<void>;
  /** Counts one new session for the address in its window; false when the window already has `limit`. */
  countNewSession(
    accountId: string,
    email: string,
    windowStart: number,
    limit: number,
    expiresAt: number,
  ): Promise<boolean>;
}

export interface OtpSecret {
  /** The deployment's key for code hashes (Secrets Manager in AWS, a local file with npm start). */
  key(): Promise<string>;
}
