import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Key } from './entity/entity';
import type { Condition, Update } from './entity/expression';
import type { OtpChange, OtpSession, OtpSessionStore } from '../../ports';
import { documentClient } from './client';
import { conditional } from './conditional';
import { otpSession as sessions, otpAddressWindow } from './entities';
import { attribute, ifAbsent, plus, when } from './entity/expression';
import { withoutKeys } from './keys';

/** Sessions stay an hour past their expiry, so that status can still say `expired`; TTL then removes them. */
const KEEP_AFTER_EXPIRY_SECONDS = 3600;
const ttlFor = (expiresAt: string) => Math.floor(Date.parse(expiresAt) / 1000) + KEEP_AFTER_EXPIRY_SECONDS;

const unverified = when.eq('verified', false);
const belowMaxAttempts = when.lt('attempts', attribute('max_attempts'));

/** A conditional update that answers the new item, or the item as it was when the condition failed. */
const change = async (key: Key, update: Update, condition: Condition): Promise<OtpChange<OtpSession>> => {
  const result = await conditional(() =>
    documentClient().send(
      new UpdateCommand(sessions.update(key, update, { when: condition, returnValues: 'ALL_NEW', returnOld: true })),
    ),
  );
  if (result.ok) return { ok: true, session: withoutKeys<OtpSession>(result.output.Attributes!) };
  return { ok: false, session: result.old ? withoutKeys<OtpSession>(result.old) : undefined };
};

export const dynamoOtpSessionStore = (): OtpSessionStore => ({
  async create(session) {
    await documentClient().send(
      new PutCommand(
        sessions.put(
          sessions.item(sessions.key(session.account_id, session.session_id), {
            ...session,
            ttl: ttlFor(session.expires_at),
          }),
          { when: when.absent() },
        ),
      ),
    );
  },

  async get(accountId, sessionId) {
    const { Item } = await documentClient().send(
      new GetCommand(sessions.get(sessions.key(accountId, sessionId), { consistent: true })),
    );
    return Item ? withoutKeys<OtpSession>(Item) : undefined;
  },

  async delete(accountId, sessionId) {
    await documentClient().send(new DeleteCommand(sessions.delete(sessions.key(accountId, sessionId))));
  },

  countAttempt: (accountId, sessionId, now) =>
    change(
      sessions.key(accountId, sessionId),
      { set: { attempts: plus(1) } },
      when.and(when.exists(), unverified, belowMaxAttempts, when.gt('expires_at', now)),
    ),

  async markVerified(accountId, sessionId, codeHash) {
    const result = await change(
      sessions.key(accountId, sessionId),
      { set: { verified: true } },
      when.and(unverified, when.eq('code_hash', codeHash)),
    );
    return result.ok;
  },

  replaceCode: (accountId, sessionId, replacement) =>
    change(
      sessions.key(accountId, sessionId),
      {
        set: {
          code_hash: replacement.codeHash,
          expires_at: replacement.expiresAt,
          last_sent_at: replacement.sentAt,
          sends: plus(1),
          ttl: ttlFor(replacement.expiresAt),
        },
      },
      when.and(
        unverified,
        belowMaxAttempts,
        when.lt('sends', replacement.maxSends),
        when.le('last_sent_at', replacement.cooldownSince),
      ),
    ),

  async restoreCode(accountId, sessionId, previous, failedHash) {
    await change(
      sessions.key(accountId, sessionId),
      {
        set: {
          code_hash: previous.code_hash,
          expires_at: previous.expires_at,
          last_sent_at: previous.last_sent_at,
          sends: previous.sends,
          ttl: ttlFor(previous.expires_at),
        },
      },
      when.eq('code_hash', failedHash),
    );
  },

  async countNewSession(accountId, email, windowStart, limit, expiresAt) {
    const counted = await conditional(() =>
      documentClient().send(
        new UpdateCommand(
          otpAddressWindow.update(
            otpAddressWindow.key(accountId, email, windowStart),
            { add: { sessions: 1 }, set: { ttl: ifAbsent(expiresAt) } },
            { when: when.or(when.absent('sessions'), when.lt('sessions', limit)) },
          ),
        ),
      ),
    );
    return counted.ok;
  },
});
