import type { Provider } from '../../domain/types';
import { MailerError, type Mailer } from '../../ports';
import { formatAddress } from './address';
import { SMTP_TIMEOUTS_MS } from './smtp-timeouts';

type Transport = { sendMail(mail: Record<string, unknown>): Promise<{ messageId: string; response?: string }> };
const transports = new Map<string, Promise<Transport>>();

/** Pooled transports, one per provider version: a changed provider gets a new one. */
const transportFor = (provider: Provider) => {
  const key = `${provider.id}:${provider.updated_at}`;
  let transport = transports.get(key);
  if (!transport) {
    // Loaded on first use so that functions which never send over SMTP do not pay for nodemailer at init.
    transport = import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport({
        host: provider.host ?? undefined,
        port: provider.port ?? undefined,
        secure: provider.secure ?? false,
        // Reused connections: a drain run sends many mails to one relay, and a handshake per mail costs time.
        pool: true,
        maxConnections: 5,
        auth: provider.username ? { user: provider.username, pass: provider.password ?? '' } : undefined,
        connectionTimeout: SMTP_TIMEOUTS_MS.connection,
        greetingTimeout: SMTP_TIMEOUTS_MS.greeting,
        socketTimeout: SMTP_TIMEOUTS_MS.socket,
      }) as unknown as Transport,
    );
    transports.set(key, transport);
  }
  return transport;
};

/** Relays (SendGrid, Mailgun, ...) answer "250 ... queued as <id>"; that id names the mail in their events. */
const queuedAs = (response: string | undefined) => response?.match(/queued as\s+<?([^\s>]+)>?/i)?.[1];

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
        headers: mail.headers,
      });
      return { providerMessageId: queuedAs(info.response) ?? mail.messageId };
    } catch (error) {
      const e = error as { responseCode?: number; code?: string };
      // 4xx SMTP replies and connection failures may pass later; 5xx replies are final.
      const transient = e.responseCode === undefined || (e.responseCode >= 400 && e.responseCode < 500);
      const reason = e.responseCode ? `SMTP server answered ${e.responseCode}` : `SMTP connection failed (${e.code ?? 'error'})`;
      throw new MailerError(`SMTP send failed: ${reason}`, reason, transient);
    }
  },
});
