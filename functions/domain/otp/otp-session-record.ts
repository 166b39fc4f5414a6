/** An OTP session as it is stored: the code only as its keyed hash. */
import type { OtpTemplate } from './templates';

export interface OtpSession {
  session_id: string;
  account_id: string;
  email: string;
  /** Keyed hash of the code, bound to the session and the address; the code itself is never stored. */
  code_hash: string;
  verified: boolean;
  attempts: number;
  max_attempts: number;
  /** ISO 8601 with Z. */
  expires_at: string;
  sends: number;
  last_sent_at: string;
  template: OtpTemplate;
  code_length: number;
  expires_in: number;
}

export type OtpChange<T> = { ok: true; session: T } | { ok: false; session: OtpSession | undefined };
