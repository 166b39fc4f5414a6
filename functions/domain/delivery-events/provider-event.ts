/** A provider's notification about one recipient of one message, in our own terms. */
interface Common {
  email: string;
  /** The id the provider gave the message (SES MessageId, SendGrid's, or the Message-ID header). */
  providerMessageId: string;
  /** The provider's id of this event (SNS MessageId, sg_event_id, Mailgun event id): dedupes redeliveries. */
  eventId: string;
  /** SES only: the provider id we tagged the mail with, which names the account without a lookup. */
  providerId?: string;
  /**
   * Our own uuid of the message, when the event carries it (SES tag, SendGrid custom argument, the
   * Message-ID Mailgun keeps): the record is then read by its key, with no index.
   */
  messageUuid?: string;
  /** SES only: the account we tagged the mail with. */
  accountId?: string;
}

export type ProviderEvent =
  | (Common & { kind: 'delivery' })
  | (Common & { kind: 'bounce'; bounceType: 'hard' | 'soft'; subtype: string; diagnostic: string | null })
  | (Common & { kind: 'complaint'; subtype: string | null })
  /** The provider will not send it (SendGrid `dropped`): the message fails, no bounce is recorded. */
  | (Common & { kind: 'failed'; reason: string });
