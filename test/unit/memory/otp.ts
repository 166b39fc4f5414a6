import type { OtpChange, OtpSecret, OtpSession, OtpSessionStore } from '../../../functions/ports';
import { conditionFailed, copy } from './conditional';

/**
 * OTP sessions and the per-address windows of new sessions, as dynamoOtpSessionStore: each change is
 * one conditional update that answers the session as it is after it, or as it was when it did not hold.
 */
export const memoryOtpSessionStore = () => {
  const sessions = new Map<string, OtpSession>();
  const windows = new Map<string, number>();
  const key = (accountId: string, sessionId: string) => `${accountId}/${sessionId}`;
  type Test = (s: OtpSession) => boolean;
  const change = (accountId: string, sessionId: string, holds: Test, apply: (s: OtpSession) => void) => {
    const found = sessions.get(key(accountId, sessionId));
    if (!found || !holds(found)) return { ok: false, session: found && copy(found) } as OtpChange<OtpSession>;
    apply(found);
    return { ok: true, session: copy(found) };
  };
  const store: OtpSessionStore = {
    async create(session) {
      if (sessions.has(key(session.account_id, session.session_id))) throw conditionFailed();
      sessions.set(key(session.account_id, session.session_id), copy(session));
    },
    async get(accountId, sessionId) {
      const found = sessions.get(key(accountId, sessionId));
      return found && copy(found);
    },
    async delete(accountId, sessionId) {
      sessions.delete(key(accountId, sessionId));
    },
    countAttempt: async (accountId, sessionId, now) =>
      change(
        accountId,
        sessionId,
        (s) => !s.verified && s.attempts < s.max_attempts && s.expires_at > now,
        (s) => void s.attempts++,
      ),
    markVerified: async (accountId, sessionId, codeHash) =>
      change(
        accountId,
        sessionId,
        (s) => !s.verified && s.code_hash === codeHash,
        (s) => {
          s.verified = true;
        },
      ).ok,
    replaceCode: async (accountId, sessionId, r) =>
      change(
        accountId,
        sessionId,
        (s) => !s.verified && s.attempts < s.max_attempts && s.sends < r.maxSends && s.last_sent_at <= r.cooldownSince,
        (s) => {
          Object.assign(s, { code_hash: r.codeHash, expires_at: r.expiresAt, last_sent_at: r.sentAt });
          s.sends++;
        },
      ),
    async restoreCode(accountId, sessionId, previous, failedHash) {
      change(
        accountId,
        sessionId,
        (s) => s.code_hash === failedHash,
        (s) => {
          const { code_hash, expires_at, last_sent_at, sends } = previous;
          Object.assign(s, { code_hash, expires_at, last_sent_at, sends });
        },
      );
    },
    async countNewSession(accountId, email, windowStart, limit) {
      const windowKey = `${accountId}/${email}/${windowStart}`;
      const count = windows.get(windowKey) ?? 0;
      if (count >= limit) return false;
      windows.set(windowKey, count + 1);
      return true;
    },
  };
  return Object.assign(store, { all: () => [...sessions.values()].map(copy) });
};

export const fixedOtpSecret = (key = 'unit-otp-key'): OtpSecret => ({ key: async () => key });
