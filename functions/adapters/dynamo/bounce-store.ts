import type { Bounce } from '../../domain/types';
import type { BounceStore } from '../../ports';
import { tableName, transactWrite } from './client';
import { failedConditionIndex } from './conditional';
import { keys, withoutKeys } from './keys';
import { blockCount, decodeCursor, readPage, viewKeys, type View } from './paged-view';

const SEEN_FOR_SECONDS = 30 * 86_400;
const bouncesView = (accountId: string): View => ({ accountId, name: 'bounces', index: 'gsi1' });

/** A bounce, its listing counter and (for provider events) the seen-event marker: one transaction. */
export const dynamoBounceStore = (): BounceStore => ({
  async record(bounce, eventKey) {
    const view = bouncesView(bounce.account_id);
    try {
      await transactWrite({
        TransactItems: [
          {
            Put: {
              TableName: tableName(),
              Item: { ...keys.bounce(bounce.account_id, bounce.id), ...viewKeys(view, bounce.id), entity: 'bounce', seq: bounce.id, ...bounce },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          blockCount(view, bounce.id, 1),
          ...(eventKey
            ? [
                {
                  Put: {
                    TableName: tableName(),
                    Item: { ...keys.seenEvent(bounce.account_id, eventKey), entity: 'seenEvent', bounce_id: bounce.id, ttl: Math.floor(Date.now() / 1000) + SEEN_FOR_SECONDS },
                    ConditionExpression: 'attribute_not_exists(pk)',
                  },
                },
              ]
            : []),
        ],
      });
      return true;
    } catch (error) {
      // The seen-event marker is the third item: its condition failing means a redelivered event.
      if (eventKey && failedConditionIndex(error) === 2) return false;
      throw error;
    }
  },

  async page(accountId, request) {
    const cursorSeq = request.cursor === undefined ? undefined : decodeCursor(request.cursor);
    return readPage(bouncesView(accountId), { offset: request.offset, limit: request.limit, cursorSeq }, (item) => {
      const { seq: _seq, ...bounce } = withoutKeys<Bounce & { seq: number }>(item);
      return { ...bounce, seq: bounce.id };
    });
  },
});
