/**
 * The condition that a record's status is one of `from` (a domain move's, see domain/status-move.ts),
 * with the names and values it uses: the stores write no status of their own into a condition.
 */
export const statusIn = (from: readonly string[]) => ({
  condition: `#status IN (${from.map((_, i) => `:from${i}`).join(', ')})`,
  names: { '#status': 'status' },
  values: Object.fromEntries(from.map((status, i) => [`:from${i}`, status])),
});

/** An update's condition, names and values when it may happen only from `from`; `values` are the update's own. */
export const whileStatusIn = (from: readonly string[], values: Record<string, unknown>) => {
  const status = statusIn(from);
  return {
    ConditionExpression: status.condition,
    ExpressionAttributeNames: status.names,
    ExpressionAttributeValues: { ...status.values, ...values },
  };
};
