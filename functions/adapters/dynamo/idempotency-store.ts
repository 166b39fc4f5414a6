import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { IdempotencyStore, StoredResponse } from '../../ports';
import { documentClient, tableName } from './client';
import { conditional } from './conditional';
import { keys } from './keys';

/**
 * An idempotency record is claimed with a conditional put. When the claim fails, the failed write
 * returns the existing record (ReturnValuesOnConditionCheckFailure), so deciding between replay and
 * conflict costs no extra read. An in-flight record carries `in_progress_expiry` (as AWS Lambda
 * Powertools' idempotency utility does): past it, the request that claimed it cannot be running any more.
 */
export const dynamoIdempotencyStore = (): IdempotencyStore => ({
  async claim(accountId, key, fingerprint, expiresAt, inProgressExpiresAt) {
    const claim = await conditional(() =>
      documentClient().send(
        new PutCommand({
          TableName: tableName(),
          Item: {
            ...keys.idempotency(accountId, key),
            entity: 'idempotency',
            fingerprint,
            state: 'in_flight',
            in_progress_expiry: inProgressExpiresAt,
            ttl: expiresAt,
          },
          // An expired record that TTL has not removed yet counts as absent; so does the claim of a
          // request that died in flight, once its in-progress expiry has passed.
          ConditionExpression:
            'attribute_not_exists(pk) OR #ttl < :now OR (#state = :inFlight AND in_progress_expiry < :now)',
          ExpressionAttributeNames: { '#ttl': 'ttl', '#state': 'state' },
          ExpressionAttributeValues: { ':now': Math.floor(Date.now() / 1000), ':inFlight': 'in_flight' },
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        }),
      ),
    );
    if (claim.ok) return { state: 'claimed' };
    const record = claim.old as { fingerprint: string; state: string; response?: StoredResponse };
    if (record.fingerprint !== fingerprint) return { state: 'conflict', reason: 'different_body' };
    if (record.state !== 'done' || !record.response) return { state: 'conflict', reason: 'in_flight' };
    return { state: 'replay', response: record.response };
  },

  async complete(accountId, key, response) {
    await documentClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.idempotency(accountId, key),
        UpdateExpression: 'SET #state = :done, #response = :response',
        ExpressionAttributeNames: { '#state': 'state', '#response': 'response' },
        ExpressionAttributeValues: { ':done': 'done', ':response': response },
      }),
    );
  },

  async release(accountId, key) {
    await documentClient().send(new DeleteCommand({ TableName: tableName(), Key: keys.idempotency(accountId, key) }));
  },
});
