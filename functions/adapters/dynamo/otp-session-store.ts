import { DeleteCommand, GetCommand, PutCommand, UpdateCommand, type UpdateCommandInput } from '@aws-sdk/lib-dynamodb';
import type { OtpChange, OtpSession, OtpSessionStore } from '../../ports';
import { documentClient, tableName } from './client';
import { conditional } from './conditional';
import { keys, withoutKeys } from './keys';

/** Sessions stay an hour past their expiry, so that status can still say `expired`; TTL then removes them. */
const KEEP_AFTER_EXPIRY_SECONDS = 3600;
const ttlFor = (expiresAt: string) => Math.floor(Date.parse(expiresAt) / 1000) + KEEP_AFTER_EXPIRY_SECONDS;

/** A conditional update that answers the new item, or the item as it was when the condition failed. */
const change = async (input: UpdateCommandInput): Promise<OtpChange<OtpSession>> => {
  const result = await conditional(() =>
    documentClient().send(
      new UpdateCommand({ ...input, ReturnValues: 'ALL_NEW', ReturnValuesOnConditionCheckFailure: 'ALL_OLD' }),
    ),
  );
  if (result.ok) return { ok: true, session: withoutKeys<OtpSession>(result.output.Attributes!) };
  return { ok: false, session: result.old ? withoutKeys<OtpSession>(result.old) : undefined };
};

export const dynamoOtpSessionStore = (): OtpSessionStore => ({
  async create(session) {
    await documentClient().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...keys.otpSession(session.account_id, session.session_id),
          entity: 'otpSession',
          ...session,
          ttl: ttlFor(session.expires_at),
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
  },

  async get(accountId, sessionId) {
    const { Item } = await documentClient().send(
      new GetCommand({ TableName: tableName(), Key: keys.otpSession(accountId, sessionId), ConsistentRead: true }),
    );
    return Item ? withoutKeys<OtpSession>(Item) : undefined;
  },

  async delete(accountId, sessionId) {
    await documentClient().send(
      new DeleteCommand({ TableName: tableName(), Key: keys.otpSession(accountId, sessionId) }),
    );
  },

  countAttempt: (accountId, sessionId, now) =>
    change({
      TableName: tableName(),
      Key: keys.otpSession(accountId, sessionId),
      UpdateExpression: 'SET attempts = attempts + :one',
      ConditionExpression: 'attribute_exists(pk) AND verified = :no AND attempts < max_attempts AND expires_at > :now',
      ExpressionAttributeValues: { ':one': 1, ':no': false, ':now': now },
    }),

  async markVerified(accountId, sessionId, codeHash) {
    const result = await change({
      TableName: tableName(),
      Key: keys.otpSession(accountId, sessionId),
      UpdateExpression: 'SET verified = :yes',
      ConditionExpression: 'verified = :no AND code_hash = :hash',
      ExpressionAttributeValues: { ':yes': true, ':no': false, ':hash': codeHash },
    });
    return result.ok;
  },

  replaceCode: (accountId, sessionId, replacement) =>
    change({
      TableName: tableName(),
      Key: keys.otpSession(accountId, sessionId),
      UpdateExpression:
        'SET code_hash = :hash, expires_at = :expires, last_sent_at = :sent, sends = sends + :one, #ttl = :ttl',
      ConditionExpression:
        'verified = :no AND attempts < max_attempts AND sends < :maxSends AND last_sent_at <= :since',
      ExpressionAttributeNames: { '#ttl': 'ttl' },
      ExpressionAttributeValues: {
        ':hash': replacement.codeHash,
        ':expires': replacement.expiresAt,
        ':sent': replacement.sentAt,
        ':one': 1,
        ':ttl': ttlFor(replacement.expiresAt),
        ':no': false,
        ':maxSends': replacement.maxSends,
        ':since': replacement.cooldownSince,
      },
    }),

  async restoreCode(accountId, sessionId, previous, failedHash) {
    await change({
      TableName: tableName(),
      Key: keys.otpSession(accountId, sessionId),
      UpdateExpression:
        'SET code_hash = :hash, expires_at = :expires, last_sent_at = :sent, sends = :sends, #ttl = :ttl',
      ConditionExpression: 'code_hash = :failed',
      ExpressionAttributeNames: { '#ttl': 'ttl' },
      ExpressionAttributeValues: {
        ':hash': previous.code_hash,
        ':expires': previous.expires_at,
        ':sent': previous.last_sent_at,
        ':sends': previous.sends,
        ':ttl': ttlFor(previous.expires_at),
        ':failed': failedHash,
      },
    });
  },

  async countNewSession(accountId, email, windowStart, limit, expiresAt) {
    const counted = await conditional(() =>
      documentClient().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys.otpAddressWindow(accountId, email, windowStart),
          UpdateExpression: 'ADD sessions :one SET #ttl = if_not_exists(#ttl, :ttl)',
          ConditionExpression: 'attribute_not_exists(sessions) OR sessions < :limit',
          ExpressionAttributeNames: { '#ttl': 'ttl' },
          ExpressionAttributeValues: { ':one': 1, ':limit': limit, ':ttl': expiresAt },
        }),
      ),
    );
    return counted.ok;
  },
});
