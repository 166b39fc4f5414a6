/**
 * Resend's `automations` (with `runs`, `duplicate`, `stop`) and `events` in its shapes, for the official
 * `resend` SDK: the native automations and events (functions/routes/automations), the same records. An
 * area of its own, so a nested stack of its own (docs/decisions/0075-route-areas-nested-stacks.md).
 */
export const resendAutomations = { tag: 'Resend automations', envelope: 'resend', permission: 'campaigns' } as const;
