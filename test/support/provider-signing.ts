import { createHmac, sign } from 'node:crypto';
import { fixtureText } from './fixtures';

/**
 * Signs payloads the fixtures do not cover (malformed ones, other certificate URLs) with the fixtures'
 * own keys, exactly as each provider signs: what the receivers then refuse, they refuse for its
 * content, not for its signature.
 */

/** Mailgun: a signature block for `timestamp` + `token` with the fixtures' webhook signing key. */
export const mailgunSignature = (timestamp: string, token: string) => ({
  token,
  timestamp,
  signature: createHmac('sha256', fixtureText('mailgun/signing-key.txt').trim())
    .update(timestamp + token)
    .digest('hex'),
});

/** SendGrid: the body and the two headers, ECDSA over timestamp + body with the fixtures' private key. */
export const signedSendgrid = (body: string, timestamp: string) => ({
  body,
  headers: {
    'Content-Type': 'application/json',
    'X-Twilio-Email-Event-Webhook-Timestamp': timestamp,
    'X-Twilio-Email-Event-Webhook-Signature': sign(
      'sha256',
      Buffer.from(timestamp + body),
      fixtureText('sendgrid/private-key.pem'),
    ).toString('base64'),
  },
});

const SIGNED_NOTIFICATION_FIELDS = ['Message', 'MessageId', 'Subject', 'Timestamp', 'TopicArn', 'Type'] as const;

/**
 * An SNS Notification (SignatureVersion 1) built on the fixture `base`, with its fields replaced by
 * `changes`, signed with the fixtures' SNS key. SigningCertURL is not signed: changing it keeps the
 * signature valid for the fixtures' certificate.
 */
export const signedSnsNotification = (base: string, changes: Record<string, unknown>) => {
  const message: Record<string, unknown> = {
    ...(JSON.parse(fixtureText(base)) as Record<string, unknown>),
    ...changes,
    SignatureVersion: '1',
  };
  const signed = SIGNED_NOTIFICATION_FIELDS.filter((field) => message[field] !== undefined && message[field] !== null)
    .map((field) => `${field}\n${message[field]}\n`)
    .join('');
  message.Signature = sign('sha1', Buffer.from(signed, 'utf8'), fixtureText('sns/signing-key.pem')).toString('base64');
  return JSON.stringify(message);
};
