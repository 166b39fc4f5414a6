import { GetCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import type { Bounce } from '../../domain/types';
import type { BounceStore } from '../../ports';
import { documentClient, transactWrite } from './client';
import { failedConditionIndex } from './conditional';
import { bounce as bounces, seenEvent, messageEvent } from './entities';
import { when } from './entity/expression';
import { views, withoutKeys } from './keys';
import { messageEventItem } from './message-store';
import { countUpdates, emitFigures } from './reputation-store';
import { blockCount, readPage, viewKeys } from './paged-view';

const SEEN_FOR_SECONDS = 30 * 86_400;

/**
 * A bounce, its listing counter, the event on its message and (for provider events) the seen-event
 * marker: one transaction, so that a redelivered event finds either all of them or none.
 */
export const dynamoBounceStore = (): BounceStore => ({
  async seen(accountId, eventKey) {
    const { Item } = await documentClient().send(
      new GetCommand(seenEvent.get(seenEvent.key(accountId, eventKey), { projection: ['pk'], consistent: true })),
    );
    return Item !== undefined;
  },

  async record(bounce, { eventKey, messageEvent: event, count }) {
    const view = views.bounces(bounce.account_id);
    const items: NonNullable<TransactWriteCommandInput['TransactItems']> = [
      {
        Put: bounces.put(
          bounces.item(
            { ...bounces.key(bounce.account_id, bounce.id), ...viewKeys(view, bounce.id) },
            {
              seq: bounce.id,
              ...bounce,
            },
          ),
          { when: when.absent() },
        ),
      },
      blockCount(view, bounce.id, 1),
      ...(event && bounce.message_id
        ? [
            {
              Put: messageEvent.put(
                messageEventItem(bounce.account_id, bounce.message_id, event, `bounce-${bounce.id}`),
              ),
            },
          ]
        : []),
    ];
    // The reputation counters move in the same transaction: counted exactly once per provider event.
    // A tenant's mail counts on the tenant's day (its brake) and the account's totals (issue 42).
    if (count)
      for (const update of countUpdates(bounce.account_id, count.at, count.figures, count.tenantId))
        items.push({ Update: update });
    const marker = items.length;
    if (eventKey) {
      items.push({
        Put: seenEvent.put(
          seenEvent.item(seenEvent.key(bounce.account_id, eventKey), {
            bounce_id: bounce.id,
            ttl: Math.floor(Date.now() / 1000) + SEEN_FOR_SECONDS,
          }),
          { when: when.absent() },
        ),
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
