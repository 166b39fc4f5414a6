import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';

export interface ReceivedMail {
  /** When the client began this mail (MAIL FROM), in ms. */
  startedAt: number;
  from: string;
  to: string[];
  raw: string;
}

/**
 * A real SMTP server (smtp-server) that keeps what it receives, without TLS. `reject` makes it answer
 * the DATA command with the given reply code, to test provider failures. It counts connections and
 * records who tried to authenticate, to tell what a client sent before it gave up. It listens on
 * 127.0.0.1 unless `host` says otherwise. Providers pointed at it say `secure: false`: only a relay on
 * this machine may go without TLS.
 */
export const startSmtpSink = async (options: { user?: string; pass?: string; host?: string } = {}) => {
  const received: ReceivedMail[] = [];
  const authAttempts: string[] = [];
  const state = { rejectWith: undefined as number | undefined, connections: 0 };
  const serverOptions: SMTPServerOptions = {
    secure: false,
    authOptional: !options.user,
    disabledCommands: ['STARTTLS'],
    onConnect(_session, callback) {
      state.connections++;
      callback();
    },
    onAuth(auth, _session, callback) {
      authAttempts.push(auth.username ?? '');
      if (auth.username === options.user && auth.password === options.pass) callback(null, { user: auth.username });
      else callback(new Error('Invalid credentials'));
    },
    onMailFrom(_address, session, callback) {
      (session as unknown as { startedAt: number }).startedAt = Date.now();
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (state.rejectWith) {
          const error = Object.assign(new Error('Rejected by test'), { responseCode: state.rejectWith });
          callback(error);
          return;
        }
        received.push({
          startedAt: (session as unknown as { startedAt: number }).startedAt,
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
    logger: false,
    // Pooled client connections stay open; do not wait for them when the test closes the sink.
    closeTimeout: 50,
  };
  const server = new SMTPServer(serverOptions);
  await new Promise<void>((resolve) => server.listen(0, options.host ?? '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    received,
    authAttempts,
    connections: () => state.connections,
    rejectWith: (code: number | undefined) => (state.rejectWith = code),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
