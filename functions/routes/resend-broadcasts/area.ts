/**
 * Resend's broadcasts: campaigns in Resend's shape (functions/routes/campaigns natively, the same
 * permission), under /resend with its envelope. An area of its own (its own nested stack), beside the
 * other Resend routes, whose stack would pass its resource budget with these too.
 */
export const broadcasts = { tag: 'Resend broadcasts', envelope: 'resend', permission: 'campaigns' } as const;
