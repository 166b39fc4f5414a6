/**
 * Resend's `templates` (with `publish` and `duplicate`) in its shapes, for the official `resend` SDK: the
 * native stored templates (functions/routes/templates), the same permission. An area of its own, so a
 * nested stack of its own (docs/decisions/0075-route-areas-nested-stacks.md).
 */
export const resendTemplates = { tag: 'Resend templates', envelope: 'resend', permission: 'mail' } as const;
