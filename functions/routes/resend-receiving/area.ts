/**
 * Resend's `emails.receiving` (list, get with the raw mail's link, attachments) in its shapes, for the official
 * `resend` SDK: the native received mail (functions/routes/inbound), permission `mail` as there. Its `forward`
 * is the SDK's own: it reads the mail and its raw download here and sends through `emails.send`. An area of
 * its own, so a nested stack of its own (docs/decisions/0075-route-areas-nested-stacks.md).
 */
export const resendReceiving = {
  tag: 'Resend receiving',
  envelope: 'resend',
  permission: 'mail',
  table: { read: ['inbound'] },
} as const;
