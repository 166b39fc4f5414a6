/**
 * The request log and usage (docs/decisions/0110-request-log.md, 0111-usage.md): an area of its own, so
 * a nested stack of its own (docs/decisions/0075-route-areas-nested-stacks.md). The log's own read
 * routes are `unlogged`: an entry read would be copied into a new one.
 */
export const logs = { tag: 'Logs and usage', permission: 'mail' } as const;
