/**
 * Resend's `suppressions` (with `batch`) in its shapes, for the official `resend` SDK: the native suppression
 * list (functions/routes/suppressions). An area of its own, so a nested stack of its own: the Resend area's
 * stack has no room left under 250 resources (docs/decisions/0075-route-areas-nested-stacks.md).
 */
export const resendSuppressions = {
  tag: 'Resend suppressions',
  envelope: 'resend',
  permission: 'subscribers',
} as const;
