/**
 * The ports the domain talks to, one file per context. Only adapters (functions/adapters) implement
 * them with AWS SDK clients, SMTP or the system clock; the domain never imports an SDK. That is what
 * lets the same code run on Lambda, in `npm start` and in the tests. Records and errors the domain
 * owns (a queued mail, an OTP session, a mailer's error) live in the domain and are re-exported here
 * for the adapters.
 */
export * from './audience';
export * from './auth';
export * from './events';
export * from './mail';
export * from './otp';
export * from './providers';
export * from './queue';
export * from './reputation';
export * from './system';
export { MailerError } from '../domain/mail/mailer-error';
export type { QueuedMail } from '../domain/queue/queued-mail';
export type { OtpChange, OtpSession } from '../domain/otp/otp-session-record';
export * from './webhooks';
export * from './campaigns';
export * from './templates';
export * from './domains';
export * from './inbound';
export * from './contacts';
export * from './automations';
export * from './request-log';
export * from './tenants';
