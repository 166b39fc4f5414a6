import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { inboundDeps } from '../functions/adapters/wiring';
import { RAW_MAIL_PREFIX } from '../functions/domain/inbound/inbound-mail';
import { receiveInboundMail } from '../functions/domain/inbound/receive';
import { receivingAccount } from '../functions/domain/inbound/receiving-account';
import { describeError, log } from '../functions/log';
import { readData } from '../functions/smtp/read-data';
import { checkAuthentication } from './inbound-auth';

/** The local listener's limit (SES's is 40 MB): advertised by SIZE, and a larger mail is refused with 552. */
export const LOCAL_INBOUND_MAX_BYTES = 10 * 1024 * 1024;
/** Recipients of one mail, as SES takes at most (a receipt rule's recipients per message). */
const MAX_RECIPIENTS = 50;

const refusal = (responseCode: number, message: string) => Object.assign(new Error(message), { responseCode });

/**
 * `npm start`'s stand-in for SES receiving: an SMTP listener (smtp-server) that accepts mail only for
 * the verified domains with `inbound` on (any other recipient gets 550 at RCPT TO, as SES refuses mail
 * for domains it does not receive for), stores the raw mail in the local S3 at `raw/<uuid>` as SES's
 * receipt rule does, and runs the deployment's parsing function on it, with SPF, DKIM and DMARC
 * verdicts of its own (inbound-auth.ts) in place of SES's; spam and virus verdicts stay null (no
 * scanner here). No TLS and no AUTH: it listens on 127.0.0.1 for the developer's own tests.
 */
export const startInboundSmtp = async (options: { port: number; host?: string; bucket: string; maxBytes?: number }) => {
  const deps = inboundDeps();
  const maxBytes = options.maxBytes ?? LOCAL_INBOUND_MAX_BYTES;
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    size: maxBytes,
    banner: 'email-service inbound (local)',
    logger: false,
    closeTimeout: 50,
    onRcptTo(address, session, callback) {
      if (session.envelope.rcptTo.length >= MAX_RECIPIENTS) return callback(refusal(452, 'Too many recipients'));
      receivingAccount(deps.domains, address.address).then(
        (account) =>
          callback(
            account
              ? undefined
              : refusal(550, `No mailbox here for ${address.address}: its domain does not receive mail`),
          ),
        (error) => {
          log('error', 'Inbound SMTP: recipient look-up failed', describeError(error));
          callback(refusal(451, 'Try again later'));
        },
      );
    },
    onData(stream, session, callback) {
      // Kept up to the limit only: a larger mail is read to its end (SMTP needs that) and dropped.
      void readData(stream, maxBytes).then(
        (mail) => {
          if (!mail)
            return callback(refusal(552, `Message exceeds the fixed maximum message size of ${maxBytes} bytes`));
          const raw = { bucket: options.bucket, key: `${RAW_MAIL_PREFIX}${randomUUID()}` };
          const recipients = session.envelope.rcptTo.map((rcpt) => rcpt.address);
          const sender = session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined;
          const receivedAt = deps.clock.now();
          deps.objects
            .write(raw, mail, 'message/rfc822')
            .then(() =>
              checkAuthentication(mail, { ip: session.remoteAddress, helo: session.hostNameAppearsAs, sender }),
            )
            .then((auth) =>
              receiveInboundMail(deps, { raw, recipients, receivedAt, auth, envelopeFrom: sender ?? null }),
            )
            .then(
              () => callback(),
              (error) => {
                log('error', 'Inbound SMTP: the mail could not be stored', describeError(error));
                callback(refusal(451, 'The mail could not be stored; try again later'));
              },
            );
        },
        () => callback(refusal(451, 'The mail could not be read; try again later')),
      );
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    endpoint: `smtp://127.0.0.1:${port}`,
    port,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
