import { GetCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import type { Bounce } from '../../domain/types';
import type { BounceStore } from '../../ports';
import { documentClient, tableName, transactWrite } from './client';
import { failedConditionIndex } from './conditional';
import { keys, views, withoutKeys } from './keys';
import { messageEventItem } from './message-store';
import { countUpdate, emitFigures } from './reputation-store';
import { blockCount, readPage, viewKeys } from './paged-view';

const SEEN_FOR_SECONDS = 30 * 86_400;

/**
 * A bounce, its listing counter, the event on its message and (for provider events) the seen-event
 * marker: one transaction, so that a redelivered event finds either all of them or none.
 */
export const dynamoBounceStore = (): BounceStore => ({
  async seen(accountId, eventKey) {
    const { Item } = await documentClient().send(
      new GetCommand({
        TableName: tableName(),
        Key: keys.seenEvent(accountId, eventKey),
        ProjectionExpression: 'pk',
        ConsistentRead: true,
      }),
    );
    return Item !== undefined;
  },

  async record(bounce, { eventKey, messageEvent, count }) {
    const view = views.bounces(bounce.account_id);
    const items: NonNullable<TransactWriteCommandInput['TransactItems']> = [
      {
        Put: {
          TableName: tableName(),
          Item: {
            ...keys.bounce(bounce.account_id, bounce.id),
            ...viewKeys(view, bounce.id),
            entity: 'bounce',
            seq: bounce.id,
            ...bounce,
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      blockCount(view, bounce.id, 1),
      ...(messageEvent && bounce.message_id
        ? [
            {
              Put: {
                TableName: tableName(),
                Item: messageEventItem(bounce.account_id, bounce.message_id, messageEvent, `bounce-${bounce.id}`),
              },
            },
          ]
        : []),
    ];
    // The reputation counters move in the same transaction: counted exactly once per provider event.
    const counter = count ? countUpdate(bounce.account_id, count.at, count.figures) : undefined;
    if (counter) items.push({ Update: counter });
    const marker = items.length;
    if (eventKey) {
      items.push({
        Put: {
          TableName: tableName(),
          Item: {
            ...keys.seenEvent(bounce.account_id, eventKey),
            entity: 'seenEvent',
            bounce_id: bounce.id,
            ttl: Math.floor(Date.now() / 1000) + SEEN_FOR_SECONDS,
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      });
    }
    try {
      await transactWrite({ TransactItems: items });
      if (count) emitFigures(count.figures);
      return true;
    } catch (error) {
      // The marker's condition failing means another delivery of the same event was recorded first.
      if (eventKey && failedConditionIndex(error) === marker) return false;
      throw error;
    }
  },

  async page(accountId, request) {
    return readPage(views.bounces(accountId), request, (item) => {
      const { seq: _seq, ...bounce } = withoutKeys<Bounce & { seq: number }>(item);
      return { ...bounce, seq: bounce.id };
    });
  },
});
