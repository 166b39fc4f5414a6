/**
 * Resend's `domains.update` and `apiKeys.update` in its shapes, for the official `resend` SDK: the native domain
 * and API-key use cases. An area of its own, so a nested stack of its own: the Resend area's stack has no room
 * left under 250 resources (docs/decisions/0075-route-areas-nested-stacks.md).
 */
export const resendSettings = { tag: 'Resend settings', envelope: 'resend', permission: 'admin' } as const;
