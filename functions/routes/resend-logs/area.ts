/**
 * Resend's `logs` and `usage` in its shapes, for the official `resend` SDK: the native request log and
 * usage (functions/routes/logs). An area of its own, so a nested stack of its own
 * (docs/decisions/0075-route-areas-nested-stacks.md). The log's own read routes are `unlogged`.
 */
export const resendLogs = { tag: 'Resend logs', envelope: 'resend', permission: 'mail' } as const;
