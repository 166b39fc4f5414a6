import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import type { IdPage } from '../../domain/id-paging';
import { documentClient } from './client';

/**
 * One Query of an id-paged list (domain/id-paging.ts) from its anchor's key: `after` reads on in the
 * list's own direction, `before` reads the other way and turns the page round, so it is in the
 * list's order too. One item more than the page is read, so `has_more` is exact. No filter: the
 * Query's Limit counts exactly the items it answers.
 */
export const queryNextTo = async (
  query: Omit<QueryCommandInput, 'Limit' | 'ExclusiveStartKey' | 'ScanIndexForward'>,
  page: { limit: number; listForward: boolean; anchorKey?: Record<string, unknown>; before?: boolean },
): Promise<IdPage<Record<string, unknown>>> => {
  const { Items = [] } = await documentClient().send(
    new QueryCommand({
      ...query,
      ScanIndexForward: page.before ? !page.listForward : page.listForward,
      ExclusiveStartKey: page.anchorKey,
      Limit: page.limit + 1,
    }),
  );
  const items = Items.slice(0, page.limit);
  return { items: page.before ? items.reverse() : items, has_more: Items.length > page.limit };
};
