/**
 * The one rule for a mail's body, for single sends, batches and campaigns (created or edited): html or
 * text, not empty. An empty body is no body: SES refuses a mail whose html and text are both empty.
 */
export const hasBody = (mail: { html?: string | null; text?: string | null }) => Boolean(mail.html || mail.text);

/** The problem a body-less mail is answered with (a 400 VALIDATION_ERROR detail). */
export const NO_BODY = { field: 'html', message: 'At least one of html or text is required, and not empty' } as const;

/** A mail's body cap (html + text, UTF-8 bytes); the request that carries it may be larger (MAX_REQUEST_BYTES). */
export const MAX_MAIL_BODY_BYTES = 512 * 1024;

/** The longest subject (RFC 5322's line limit, in characters). */
export const MAX_SUBJECT_LENGTH = 998;
