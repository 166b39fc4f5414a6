/**
 * Resend's `webhooks` (with their events, attempts and signing-secret rotation) in its shapes, for the
 * official `resend` SDK: the native webhook endpoints and their history (functions/routes/admin). An area
 * of its own, so a nested stack of its own: the Resend area's stack would pass 250 resources with them
 * (docs/decisions/0075-route-areas-nested-stacks.md).
 */
export const resendWebhooks = { tag: 'Resend webhooks', envelope: 'resend', permission: 'admin' } as const;
