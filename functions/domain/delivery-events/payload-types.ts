/*
 * The provider payloads, the fields the domain reads: declared here, and the payload schemas
 * (schemas/payloads/) are checked against them. A field a provider may leave out is optional and
 * nullable; the schemas bound every length.
 */

/** Mailgun's `signature` block: what the HMAC covers (timestamp + token) and the hex HMAC itself. */
export interface MailgunSignature {
  token: string;
  timestamp: string;
  signature: string;
}

/** Mailgun's `event-data`. */
export interface MailgunEventData {
  id?: string | null;
  event?: string | null;
  severity?: string | null;
  reason?: string | null;
  recipient?: string | null;
  message?: { headers?: { 'message-id'?: string | null } | null } | null;
  'delivery-status'?: { message?: string | null; description?: string | null; code?: number | string | null } | null;
}

/** One event of SendGrid's Event Webhook. */
export interface SendgridEvent {
  event?: string | null;
  type?: string | null;
  email?: string | null;
  reason?: string | null;
  sg_event_id?: string | null;
  sg_message_id?: string | null;
  /** Our own id, a custom argument SendGrid copies into every event of the mail. */
  message_uuid?: string | null;
}

export interface SesRecipient {
  emailAddress: string;
  status?: string | null;
  diagnosticCode?: string | null;
}

/** An SES notification (`notificationType`) or published event (`eventType`). */
export interface SesNotification {
  notificationType?: string | null;
  eventType?: string | null;
  mail?: { messageId?: string | null; tags?: Record<string, string[]> | null } | null;
  bounce?: {
    bounceType?: string | null;
    bounceSubType?: string | null;
    bouncedRecipients?: SesRecipient[] | null;
  } | null;
  complaint?: {
    complaintFeedbackType?: string | null;
    complaintSubType?: string | null;
    complainedRecipients?: SesRecipient[] | null;
  } | null;
  delivery?: { recipients?: string[] | null } | null;
}

/** An SNS HTTP(S) delivery: every signed field, and the one naming the certificate, is a string. */
export interface SnsEnvelope {
  Type: string;
  MessageId: string;
  TopicArn: string;
  Message: string;
  Timestamp: string;
  Subject?: string | null;
  SubscribeURL?: string;
  Token?: string;
  SignatureVersion: string;
  Signature: string;
  SigningCertURL: string;
}
