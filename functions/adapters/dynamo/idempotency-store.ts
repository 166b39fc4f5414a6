import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { IdempotencyStore, StoredResponse } from '../../ports';
import { documentClient } from './client';
import { conditional } from './conditional';
import { idempotency as records } from './entities';
import { when } from './entity/expression';

/**
 * An idempotency record is claimed with a conditional put. When the claim fails, the failed write
 * returns the existing record (ReturnValuesOnConditionCheckFailure), so deciding between replay and
 * conflict costs no extra read. An in-flight record carries `in_progress_expiry` (as AWS Lambda
 * Powertools' idempotency utility does): past it, the request that claimed it cannot be running any more.
 */
export const dynamoIdempotencyStore = (): IdempotencyStore => ({
  async claim(accountId, key, fingerprint, expiresAt, inProgressExpiresAt) {
    const now = Math.floor(Date.now() / 1000);
    const claim = await conditional(() =>
      documentClient().send(
        new PutCommand(
          records.put(
            records.item(records.key(accountId, key), {
              fingerprint,
              state: 'in_flight',
              in_progress_expiry: inProgressExpiresAt,
              ttl: expiresAt,
            }),
            {
              // An expired record that TTL has not removed yet counts as absent; so does the claim of a
              // request that died in flight, once its in-progress expiry has passed.
              when: when.or(
                when.absent(),
                when.lt('ttl', now),
                when.and(when.eq('state', 'in_flight'), when.lt('in_progress_expiry', now)),
              ),
              returnOld: true,
            },
          ),
        ),
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
      new UpdateCommand(records.update(records.key(accountId, key), { set: { state: 'done', response } })),
    );
  },

  async release(accountId, key) {
    await documentClient().send(new DeleteCommand(records.delete(records.key(accountId, key))));
  },
});
