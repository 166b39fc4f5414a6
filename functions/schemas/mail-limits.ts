/**
 * docs/promises.md: cc + bcc + 1 <= 50 recipients (the SES limit), at most 100 mails a batch. Constants of
 * their own, so that Resend's schemas (./resend.ts) read them without bundling the send's schemas (./mail.ts).
 */
export const MAX_RECIPIENTS = 50;
export const MAX_BATCH = 100;
