import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer, type SMTPServerOptions, type SMTPServerSession } from 'smtp-server';
import type { ApiKey } from '../domain/types';
import { describeError, log } from '../log';
import { mailShapeProblem } from './mail-shape';
import { readData } from './read-data';
import { RelayRefusal, replyFor, smtpError } from './replies';
import { authenticateRelay, checkEnvelopeSender, checkRecipient, submitMail, type RelayDeps } from './relay-session';

/** 10 MiB, advertised by SIZE (larger: 552 5.3.4): the API's send takes 6 MiB of JSON, about as much mail. */
export const RELAY_MAX_BYTES = 10 * 1024 * 1024;
/** A command not finished within this is an idle or slow client: the connection is closed. */
const SOCKET_TIMEOUT_MS = 60_000;
/**
 * Open connections at once, per client address and per API key: one client cannot hold the relay's
 * sockets (and memory) for everyone. A pool of 20 (the bench's) fits; past it, 421 4.7.0 / 454 4.7.0.
 */
export const RELAY_CONNECTION_CAPS = { perAddress: 50, perKey: 25 } as const;

interface ListenerOptions {
  port: number;
  host?: string;
  maxBytes?: number;
  /** The relay's open connections, shared by its listeners (relayConnectionCounts; its own unless given). */
  connections?: ReturnType<typeof relayConnectionCounts>;
  /** Told the milliseconds from the end of DATA to the 250 of each mail taken (the bench measures the relay so). */
  onSubmitted?: (milliseconds: number) => void;
  /** Told each 4xx and 5xx reply's codes (never its text, which may name an address): the container counts them. */
  onRefusal?: (code: number, enhanced: string) => void;
}

/**
 * `implicit`: TLS from the first byte (465); `starttls`: plain until STARTTLS (587); both need the TLS
 * certificate and key (PEM). `terminated`: TLS was already ended by the network load balancer in front
 * (the deployment's 465: lib/smtp-relay.ts), so the plain connection that reaches us counts as secure:
 * AUTH is allowed at once and STARTTLS is not offered. Never listen so where a client can reach the port
 * without the balancer: its AUTH would cross the network in clear.
 */
export type RelayOptions = ListenerOptions &
  ({ mode: 'implicit' | 'starttls'; tls: { cert: string; key: string } } | { mode: 'terminated'; tls?: undefined });

const ENHANCED = /^[245]\.\d{1,3}\.\d{1,3} /;

/**
 * smtp-server derives a reply's enhanced status code from its reply code alone (550 is always 5.1.1),
 * while ours depend on why (550 5.7.1 for a sender, 550 5.1.1 for a recipient): our errors carry their
 * code at the head of the text (replies.ts), and those replies go out with it, not another. AUTH before
 * TLS, which smtp-server answers 538, is RFC 3207's 530 5.7.0.
 */
const withOwnStatusCodes = (
  connection: { send: (code: number, data?: unknown, context?: unknown) => void },
  onRefusal?: ListenerOptions['onRefusal'],
) => {
  const send = connection.send.bind(connection);
  connection.send = (code, data, context) => {
    if (onRefusal && code >= 400) {
      const enhanced = code === 538 ? '5.7.0' : typeof data === 'string' ? ENHANCED.exec(data)?.[0].trim() : undefined;
      onRefusal(code === 538 ? 530 : code, enhanced ?? '');
    }
    if (code === 538) return send(530, '5.7.0 Must issue a STARTTLS command first', false);
    if (typeof data === 'string' && ENHANCED.test(data)) return send(code, data, false);
    return send(code, data, context);
  };
};

type DrainedConnection = {
  id: string;
  send: (code: number, data: string, context: boolean) => void;
  close: () => void;
};

const keyOf = (session: SMTPServerSession) => session.user as ApiKey;

/** Counts of open connections by a name (an address, a key id): `take` says whether one more fits. */
const openCounts = (cap: number) => {
  const open = new Map<string, number>();
  return {
    take: (name: string) => {
      const count = open.get(name) ?? 0;
      if (count >= cap) return false;
      open.set(name, count + 1);
      return true;
    },
    drop: (name: string) => {
      const count = (open.get(name) ?? 1) - 1;
      if (count <= 0) open.delete(name);
      else open.set(name, count);
    },
  };
};

/**
 * The open connections of one relay, whichever of its listeners they reached (STARTTLS and TLS share
 * them): give the listeners of one relay the same counts, so a client cannot double its share.
 */
export const relayConnectionCounts = (caps: { perAddress: number; perKey: number } = RELAY_CONNECTION_CAPS) => ({
  caps,
  byAddress: openCounts(caps.perAddress),
  byKey: openCounts(caps.perKey),
});

/** Wrong keys one connection may try: the third failure closes it (421), so a key cannot be guessed at line speed. */
const AUTH_FAILURES_PER_CONNECTION = 3;

/**
 * The SMTP relay (docs/promises.md, "SMTP relay"): the same code under `npm start` and in the container.
 * Each refusal comes at the moment of the dialogue that can tell it: AUTH (the key), MAIL FROM (the
 * sender rule), RCPT TO (suppression, the recipient count), DATA (size, the rate limit, the brake and
 * everything else the send checks). A mail is answered 250 only once the send path has taken it.
 */
export const startRelay = async (deps: RelayDeps, options: RelayOptions) => {
  const maxBytes = options.maxBytes ?? RELAY_MAX_BYTES;
  const { caps, byAddress, byKey } = options.connections ?? relayConnectionCounts();
  // Failed AUTH attempts, by session: counted where smtp-server counts no AUTH command.
  const authFailures = new Map<string, number>();
  // What each session counted, so its close gives back exactly that.
  const counted = new Map<string, { address?: string; key?: string }>();
  /** DATA: the mail read (within the size), its shape bounded, parsed once, then sent; answers its message id. */
  const takeMail = async (
    stream: Parameters<NonNullable<SMTPServerOptions['onData']>>[0],
    session: SMTPServerSession,
  ) => {
    const raw = await readData(stream, maxBytes);
    if (!raw) throw new RelayRefusal({ code: 552, enhanced: '5.3.4', message: `The mail is over ${maxBytes} bytes` });
    const shapeProblem = mailShapeProblem(raw);
    if (shapeProblem) throw new RelayRefusal({ code: 554, enhanced: '5.6.0', message: shapeProblem });
    const ended = performance.now();
    const parsed = await simpleParser(raw, { skipImageLinks: true, skipTextLinks: true, skipTextToHtml: true });
    const messageId = await submitMail(
      deps,
      keyOf(session),
      parsed,
      raw,
      session.envelope.rcptTo.map((rcpt) => rcpt.address),
    );
    options.onSubmitted?.(performance.now() - ended);
    return messageId;
  };
  const settings: SMTPServerOptions = {
    // `secured`: smtp-server treats the socket as TLS already (no handshake, no STARTTLS, AUTH allowed).
    secure: options.mode !== 'starttls',
    secured: options.mode === 'terminated',
    key: options.tls?.key,
    cert: options.tls?.cert,
    authMethods: ['PLAIN', 'LOGIN'],
    authOptional: false,
    allowInsecureAuth: false,
    hideENHANCEDSTATUSCODES: false,
    hideDSN: true,
    size: maxBytes,
    banner: 'email-service SMTP relay',
    logger: false,
    socketTimeout: SOCKET_TIMEOUT_MS,
    closeTimeout: 1_000,
    onConnect(session, callback) {
      if (!byAddress.take(session.remoteAddress)) {
        return callback(
          smtpError({
            code: 421,
            enhanced: '4.7.0',
            message: 'Too many connections from your address; try again later',
          }),
        );
      }
      counted.set(session.id, { address: session.remoteAddress });
      callback();
    },
    onClose(session) {
      const taken = counted.get(session.id);
      if (taken?.address) byAddress.drop(taken.address);
      if (taken?.key) byKey.drop(taken.key);
      counted.delete(session.id);
      authFailures.delete(session.id);
    },
    onAuth(auth, session, callback) {
      authenticateRelay(deps, auth.username ?? '', auth.password ?? '').then(
        (key) => {
          if (!byKey.take(key.id)) {
            return callback(
              smtpError({
                code: 454,
                enhanced: '4.7.0',
                message: `Too many connections with this key (at most ${caps.perKey}); try again later`,
              }),
            );
          }
          counted.set(session.id, { ...counted.get(session.id), key: key.id });
          callback(null, { user: key });
        },
        (error) => {
          const failures = (authFailures.get(session.id) ?? 0) + 1;
          authFailures.set(session.id, failures);
          // smtp-server closes the connection after any 421.
          if (failures >= AUTH_FAILURES_PER_CONNECTION) {
            return callback(
              smtpError({ code: 421, enhanced: '4.7.0', message: 'Too many failed AUTH attempts; closing' }),
            );
          }
          callback(smtpError(replyFor(error)));
        },
      );
    },
    onMailFrom(address, session, callback) {
      checkEnvelopeSender(deps, keyOf(session), address.address).then(
        () => callback(),
        (error) => callback(smtpError(replyFor(error))),
      );
    },
    onRcptTo(address, session, callback) {
      checkRecipient(deps, keyOf(session), address.address, session.envelope.rcptTo.length).then(
        () => callback(),
        (error) => callback(smtpError(replyFor(error))),
      );
    },
    onData(stream, session, answer) {
      // The DATA in flight on this connection: a drain waits for its answer before closing it.
      const callback = inFlight(session.id, answer);
      takeMail(stream, session).then(
        (messageId) => callback(null, `2.0.0 ${messageId}`),
        (error) => {
          const reply = replyFor(error);
          if (reply.code === 451)
            log('warn', 'SMTP relay: a mail was not taken', { reason: reply.message, ...describeError(error) });
          callback(smtpError(reply));
        },
      );
    },
  };
  /** Each connection's DATA being taken, by session id: settled once its answer is given. */
  const taking = new Map<string, Promise<void>>();
  const inFlight = <A extends unknown[]>(id: string, answer: (...args: A) => void) => {
    let settle!: () => void;
    taking.set(id, new Promise<void>((resolve) => (settle = resolve)));
    return (...args: A) => {
      answer(...args);
      taking.delete(id);
      settle();
    };
  };
  const server = new SMTPServer(settings);
  const add = server.connections.add.bind(server.connections);
  server.connections.add = (connection) => {
    withOwnStatusCodes(connection as unknown as Parameters<typeof withOwnStatusCodes>[0], options.onRefusal);
    return add(connection);
  };
  server.on('error', (error) => log('warn', 'SMTP relay: connection error', describeError(error)));
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(options.port, options.host ?? '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  /**
   * Stops taking connections; closes each open one with 421 4.3.2 (the client retries elsewhere) at
   * once, or, when a mail is being taken on it, once that mail is answered, so nothing in flight is cut
   * (ECS ends a task with SIGTERM). Whatever is still open after `deadlineMs` is closed as stop() does.
   */
  const drain = (deadlineMs: number) =>
    new Promise<void>((resolve) => {
      (server as unknown as { options: SMTPServerOptions }).options.closeTimeout = deadlineMs;
      server.close(() => resolve());
      for (const connection of [...server.connections] as unknown as DrainedConnection[]) {
        const bye = () => {
          connection.send(421, '4.3.2 The relay is shutting down: try again', false);
          connection.close();
        };
        const busy = taking.get(connection.id);
        if (busy) void busy.then(bye);
        else bye();
      }
    });
  return { port, stop: () => new Promise<void>((resolve) => server.close(() => resolve())), drain };
};
