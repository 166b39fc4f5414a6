import * as z from 'zod/mini';
import type { SesNotification } from '../../domain/delivery-events/payload-types';
import { parsesTo } from '../common';
import { optionalObject, providerId, recipient, text } from './fields';

const sesRecipient = z.object({ emailAddress: recipient(), status: text(100), diagnosticCode: text() });

/**
 * An SES notification (identity notifications: `notificationType`; configuration-set event
 * publishing: `eventType`), the fields we read.
 */
export const sesNotification = parsesTo<SesNotification>()(
  z.object({
    notificationType: text(100),
    eventType: text(100),
    mail: optionalObject({
      messageId: providerId(),
      // Our own tags travel here (event publishing only): SES tag values are at most 256 characters.
      tags: z.optional(z.nullable(z.record(z.string(), z.array(z.string().check(z.maxLength(256)))))),
    }),
    bounce: optionalObject({
      bounceType: text(100),
      bounceSubType: text(100),
      bouncedRecipients: z.optional(z.nullable(z.array(sesRecipient))),
    }),
    complaint: optionalObject({
      complaintFeedbackType: text(100),
      complaintSubType: text(100),
      complainedRecipients: z.optional(z.nullable(z.array(sesRecipient))),
    }),
    delivery: optionalObject({ recipients: z.optional(z.nullable(z.array(recipient()))) }),
  }),
);
