import { isLoopbackHost } from '../../domain/providers/smtp-host';
import type { Provider } from '../../domain/types';
import { log } from '../../log';
import type { Mailer } from '../../ports';
import { formatAddress } from './address';
import { isForwardedMail } from '../../domain/mail/attachments';
import { relaySocket } from './relay-socket';
import { smtpFailure } from './smtp-failure';
import { SMTP_TIMEOUTS_MS } from '../../smtp-timeouts';

type Transport = { sendMail(mail: Record<string, unknown>): Promise<{ messageId: string; response?: string }> };
const transports = new Map<string, Promise<Transport>>();

/**
 * How the connection is secured. `secure: true` (or, unset, port 465): TLS from the first byte.
 * Otherwise STARTTLS is required, so that credentials and mail never cross the network in clear
 * text, except when the provider says `secure: false` explicitly and the relay is on this machine
 * (local development, the tests' sink): then STARTTLS is used only if the relay offers it.
 */
const tlsOptions = (provider: Provider) => {
  const implicit = provider.secure ?? provider.port === 465;
  const plaintextAllowed = provider.secure === false && isLoopbackHost(provider.host ?? '');
  return { secure: implicit, requireTLS: !implicit && !plaintextAllowed, plaintextAllowed };
};

/** Pooled transports, one per provider version: a changed provider gets a new one. */
const transportFor = (provider: Provider) => {
  const key = `${provider.id}:${provider.updated_at}`;
  let transport = transports.get(key);
  if (!transport) {
    const { secure, requireTLS, plaintextAllowed } = tlsOptions(provider);
    // Loaded on first use so that functions which never send over SMTP do not pay for nodemailer at init.
    transport = import('nodemailer').then(
      ({ default: nodemailer }) =>
        nodemailer.createTransport({
          host: provider.host ?? undefined,
          port: provider.port ?? undefined,
          secure,
          requireTLS,
          // Every connection goes to an address checked just before (relay-socket.ts).
          getSocket: relaySocket(provider.host ?? '', provider.port ?? 587, plaintextAllowed),
          // Reused connections: a drain run sends many mails to one relay, and a handshake per mail costs time.
          pool: true,
          maxConnections: 5,
          auth: provider.username ? { user: provider.username, pass: provider.password ?? '' } : undefined,
          connectionTimeout: SMTP_TIMEOUTS_MS.connection,
          greetingTimeout: SMTP_TIMEOUTS_MS.greeting,
          socketTimeout: SMTP_TIMEOUTS_MS.socket,
        } as Parameters<typeof nodemailer.createTransport>[0]) as unknown as Transport,
    );
    transports.set(key, transport);
  }
  return transport;
};

/** Relays (SendGrid, Mailgun, ...) answer "250 ... queued as <id>"; that id names the mail in their events. */
const queuedAs = (response: string | undefined) => response?.match(/queued as\s+<?([^\s>]+)>?/i)?.[1];

/**
 * SendGrid reads X-SMTPAPI as raw JSON: nodemailer would encode a value past 78 characters as an
 * RFC 2047 word, which SendGrid cannot parse, so that one goes as it is (JSON is ASCII, no CR or LF).
 */
const preparedHeaders = (headers: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [
      name,
      name.toLowerCase() === 'x-smtpapi' ? { prepared: true, value } : value,
    ]),
  );

export const smtpMailer = (provider: Provider): Mailer => ({
  async send(mail) {
    try {
      const transport = await transportFor(provider);
      const info = await transport.sendMail({
        from: formatAddress(mail.from.email, mail.from.name),
        to: mail.to,
        cc: mail.cc,
        bcc: mail.bcc,
        replyTo: mail.replyTo ?? undefined,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        messageId: mail.messageId,
        headers: mail.headers && preparedHeaders(mail.headers),
        // MIME parts; an inline file (content_id) is what `cid:<id>` in the html names.
        attachments: mail.attachments?.map((file) => ({
          filename: file.filename,
          content: Buffer.from(file.content, 'base64'),
          contentType: file.content_type ?? 'application/octet-stream',
          ...(file.content_id ? { cid: file.content_id, contentDisposition: 'inline' } : {}),
          // nodemailer sends a message/* part 7bit, as RFC 2046 asks; attached, as SES attaches it, not inline.
          ...(isForwardedMail(file.content_type) ? { contentDisposition: 'attachment' as const } : {}),
        })),
      });
      return { providerMessageId: queuedAs(info.response) ?? mail.messageId };
    } catch (error) {
      const e = error as Error & { responseCode?: number; code?: string; command?: string };
      // The whole story for the operator; never the password (nodemailer's messages do not carry it).
      log('warn', 'SMTP send failed', {
        provider_id: provider.id,
        host: provider.host,
        port: provider.port,
        error_code: e.code,
        response_code: e.responseCode,
        command: e.command,
        error_message: e.message,
      });
      throw smtpFailure(e);
    }
  },
});
