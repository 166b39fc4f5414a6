import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient } from './client';
import { subscriber } from './entities';
import { indexQuery } from './entity/entity';
import { queryNextTo } from './id-page';
import { keys, views } from './keys';
import { viewKeys } from './paged-view';

/**
 * A list's members newest first, paged by subscriber ids (Resend's `after`/`before`): the anchor's place in
 * the list's view (its keys and seq alone; a member of another list is no anchor: undefined), then one Query
 * from there. The subscriber listing and a campaign's recipients both page a list so.
 */
export const listMembersNextTo = async (
  accountId: string,
  listId: string,
  request: { limit: number; after?: string; before?: string },
) => {
  const view = views.subscribers(accountId, { listId });
  const anchor = request.after ?? request.before;
  let anchorKey: Record<string, unknown> | undefined;
  if (anchor !== undefined) {
    const { Item } = await documentClient().send(
      new GetCommand(subscriber.get(subscriber.key(accountId, anchor), { projection: ['pk', 'sk', 'seq', 'list_id'] })),
    );
    if (!Item || Item.list_id !== listId) return undefined;
    anchorKey = { pk: Item.pk, sk: Item.sk, ...viewKeys(view, Number(Item.seq)) };
  }
  return queryNextTo(indexQuery(view.index, keys.viewPartition(view)), {
    limit: request.limit,
    listForward: false,
    anchorKey,
    before: request.before !== undefined,
  });
};
