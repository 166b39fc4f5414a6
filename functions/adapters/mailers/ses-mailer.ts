import { SendEmailCommand, SESv2Client, type SESv2ServiceException } from '@aws-sdk/client-sesv2';
import { MailerError, type Mailer, type OutgoingMail } from '../../ports';
import { instrument } from '../instrument';
import { formatAddress } from './address';
import { isForwardedMail } from '../../domain/mail/attachments';

const clients = new Map<string, SESv2Client>();
/** One client per region, reused across invocations. The endpoint comes from AWS_ENDPOINT_URL_SESV2 locally. */
const clientFor = (region: string | undefined) => {
  const key = region ?? '';
  let client = clients.get(key);
  if (!client) {
    client = instrument(new SESv2Client(region ? { region } : {}));
    clients.set(key, client);
  }
  return client;
};

/** SES error names that a later attempt may get past. */
const TRANSIENT = new Set([
  'TooManyRequestsException',
  'ThrottlingException',
  'LimitExceededException',
  'InternalFailure',
  'ServiceUnavailable',
  'TimeoutError',
]);

export const toMailerError = (error: unknown): MailerError => {
  const e = error as SESv2ServiceException & { code?: string };
  const status = e.$metadata?.httpStatusCode;
  const name = e.name ?? 'Error';
  const transient =
    TRANSIENT.has(name) ||
    (status !== undefined && status >= 500) ||
    status === 429 ||
    e.$retryable !== undefined ||
    ['ECONNRESET', 'ECONNREFUSED', 'ETIMEDOUT', 'EPIPE'].includes(e.code ?? '');
  // The reason keeps the error's name only: SDK message text never reaches a client.
  return new MailerError(`SES send failed: ${name}`, `SES rejected the send (${name})`, transient);
};

interface SesOptions {
  region: string | undefined;
  configurationSet: string | undefined;
  tags: (mail: OutgoingMail) => Record<string, string>;
  /** The configuration set publishes the mail's events, with its tags, to the deployment's own topic. */
  eventsNameOurIds: boolean;
}

export const sesMailer = ({ region, configurationSet, tags, eventsNameOurIds }: SesOptions): Mailer => ({
  async send(mail) {
    try {
      const result = await clientFor(region).send(
        new SendEmailCommand({
          FromEmailAddress: formatAddress(mail.from.email, mail.from.name),
          Destination: { ToAddresses: [mail.to], CcAddresses: mail.cc, BccAddresses: mail.bcc },
          ReplyToAddresses: mail.replyTo ? [mail.replyTo] : undefined,
          ConfigurationSetName: configurationSet,
          // A tenant's mail is the SES tenant's: its reputation at SES is apart from the account's (issue 42).
          TenantName: mail.tenantName,
          EmailTags: Object.entries(tags(mail)).map(([Name, Value]) => ({ Name, Value })),
          Content: {
            Simple: {
              Subject: { Data: mail.subject, Charset: 'UTF-8' },
              Body: {
                Html: mail.html === undefined ? undefined : { Data: mail.html, Charset: 'UTF-8' },
                Text: mail.text === undefined ? undefined : { Data: mail.text, Charset: 'UTF-8' },
              },
              // SES replaces Message-ID with its own; its MessageId (below) is what its events name.
              Headers: Object.entries({ 'Message-ID': mail.messageId, ...mail.headers }).map(([Name, Value]) => ({
                Name,
                Value,
              })),
              // Simple content takes files since SES v2 added Attachments: no MIME of our own to build.
              Attachments: mail.attachments?.map((file) => ({
                FileName: file.filename,
                RawContent: Buffer.from(file.content, 'base64'),
                ContentType: file.content_type ?? 'application/octet-stream',
                ContentDisposition: file.content_id ? 'INLINE' : 'ATTACHMENT',
                ContentId: file.content_id,
                // A forwarded mail (message/rfc822) goes as it is, 7bit (RFC 2046 5.2.1; checked at accept).
                ContentTransferEncoding: isForwardedMail(file.content_type) ? 'SEVEN_BIT' : 'BASE64',
              })),
            },
          },
        }),
      );
      return { providerMessageId: result.MessageId ?? mail.messageId, eventsNameOurIds };
    } catch (error) {
      throw toMailerError(error);
    }
  },
});
