import * as z from 'zod/mini';
import type { SendgridEvent } from '../../domain/delivery-events/payload-types';
import { parsesTo } from '../common';
import { providerId, recipient, text } from './fields';

/** One event of SendGrid's Event Webhook, the fields we read. */
const sendgridEvent = parsesTo<SendgridEvent>()(
  z.object({
    event: text(100),
    type: text(100),
    email: z.optional(z.nullable(recipient())),
    reason: text(),
    sg_event_id: providerId(),
    sg_message_id: providerId(),
    /** Our own id, a custom argument (X-SMTPAPI unique_args) SendGrid copies into every event of the mail. */
    message_uuid: text(100),
  }),
);

/** The body SendGrid posts: a JSON array of events. */
export const sendgridEvents = z.array(sendgridEvent);
