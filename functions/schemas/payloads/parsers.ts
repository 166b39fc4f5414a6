import type { PayloadParsers } from '../../domain/delivery-events/payload-parsers';
import { validated } from '../../http/validate';
import { mailgunEventData, mailgunSignature } from './mailgun';
import { sendgridEvents } from './sendgrid';
import { sesNotification } from './ses-notification';
import { snsEnvelope } from './sns';

const orUndefined = <T>(parsed: { success: true; data: T } | { success: false }) =>
  parsed.success ? parsed.data : undefined;

/** The provider payload schemas, as the delivery-events domain reads them. */
export const payloadParsers: PayloadParsers = {
  snsEnvelope: (value) => orUndefined(snsEnvelope.safeParse(value)),
  sesNotification: (value) => validated(sesNotification, value, 'Message', 'The SES notification is malformed'),
  sendgridEvents: (value) => validated(sendgridEvents, value, undefined, 'The SendGrid events are malformed'),
  mailgunSignature: (value) => orUndefined(mailgunSignature.safeParse(value)),
  mailgunEventData: (value) => validated(mailgunEventData, value, 'event-data', 'The Mailgun event is malformed'),
};
