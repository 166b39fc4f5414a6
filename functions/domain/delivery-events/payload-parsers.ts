import type { MailgunEventData, MailgunSignature, SendgridEvent, SesNotification, SnsEnvelope } from './payload-types';

/**
 * How provider payloads are read: the handler passes schemas/payloads/parsers.ts in, so the domain
 * imports payload types only. Those that verify nothing yet answer undefined for the wrong shape
 * (the caller answers 401); the others throw a 400 (VALIDATION_ERROR) naming what is wrong.
 */
export interface PayloadParsers {
  snsEnvelope(value: unknown): SnsEnvelope | undefined;
  sesNotification(value: unknown): SesNotification;
  sendgridEvents(value: unknown): SendgridEvent[];
  mailgunSignature(value: unknown): MailgunSignature | undefined;
  mailgunEventData(value: unknown): MailgunEventData;
}
