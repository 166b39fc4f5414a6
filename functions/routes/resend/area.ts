/**
 * The Resend API's emails, domains and api-keys, in its shapes (`envelope: 'resend'`), so that the
 * official `resend` SDK works with RESEND_BASE_URL=<base>/resend (docs/promises.md "Resend-compatible
 * API"). Each route is one of the native use cases under another shape: the same permission, table
 * and AWS access as the native route it maps onto, so a Resend request costs no AWS call more.
 * What is not here under /resend (audiences, topics, ...) is Resend's 404 `not_found`.
 */
export const resend = { tag: 'Resend', envelope: 'resend' } as const;
export const emails = { ...resend, permission: 'mail' } as const;
export const admin = { ...resend, permission: 'admin' } as const;
/** Contacts and contact properties: the people of an account (functions/routes/contacts natively). */
export const audience = { ...resend, permission: 'subscribers' } as const;
