import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { documentClient } from './client';

type Item = Record<string, unknown>;

export interface BudgetedQuery {
  /** The Query, with its FilterExpression if any; Limit and ExclusiveStartKey are this function's. */
  input: Omit<QueryCommandInput, 'Limit' | 'ExclusiveStartKey'>;
  /** Items wanted. */
  limit: number;
  /** Items evaluated at most (read by DynamoDB, whether they match or not): what one request may cost. */
  budget: number;
  startKey?: Item;
  /** What the Query's items are read as, a round at a time (a keys-only index's items: their records). */
  read?: (items: Item[]) => Promise<Item[]>;
  /** The filter a keys-only index cannot apply: kept items only. */
  keep?: (item: Item) => boolean;
  /** Nothing filters (neither the Query nor `keep`): each round asks for exactly what the page lacks. */
  unfiltered?: boolean;
}

/**
 * A filtered listing walked a few pages' worth at a time until `limit` items match or `budget` items were
 * evaluated, so that a filter that matches little still answers in bounded reads (a page may then hold fewer
 * than `limit`, with a place to go on from). `next` is where the next page starts after: the last item
 * answered when more matched than wanted, else the Query's last evaluated key; none at the end.
 */
export const budgetedQuery = async ({ input, limit, budget, startKey, read, keep, unfiltered }: BudgetedQuery) => {
  const found: Item[] = [];
  let evaluated = 0;
  let next = startKey;
  while (found.length < limit && evaluated < budget) {
    const result = await documentClient().send(
      new QueryCommand({
        ...input,
        Limit: unfiltered ? limit - found.length : Math.min(budget - evaluated, Math.max(4 * limit, 100)),
        ExclusiveStartKey: next,
      }),
    );
    evaluated += result.ScannedCount ?? 0;
    const items = read ? await read(result.Items ?? []) : (result.Items ?? []);
    found.push(...(keep ? items.filter(keep) : items));
    next = result.LastEvaluatedKey;
    if (!next) break;
  }
  if (found.length > limit) return { items: found.slice(0, limit), next: found[limit - 1] };
  return { items: found, next };
};
