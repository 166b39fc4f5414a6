/**
 * The SMTP relay beside `POST /mail/send` in the same run (issue 38): mails a second over 5 and over 20
 * connections, each path driven the same way (that many clients sending one mail after another for a
 * few seconds), the relay's own time from the end of DATA to its 250, and the memory an idle
 * connection holds in the relay (the same number of idle sockets to a bare TCP server subtracted).
 */
import { connect, createServer, type Socket } from 'node:net';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import nodemailer from 'nodemailer';
import { relayDeps } from '../functions/smtp/relay-deps';
import { relayConnectionCounts, startRelay } from '../functions/smtp/relay-server';
import { selfSignedCertificate } from '../local/tls-certificate';
import type { LocalStack } from './local-stack';

export interface RelayRate {
  path: string;
  connections: number;
  mailsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  failed: number;
}

export interface RelayMeasure {
  rates: RelayRate[];
  /** The relay's own time, end of DATA to its 250: with one client, and over every SMTP mail of the run. */
  dataToReply: { oneClient: { p50Ms: number; p99Ms: number }; all: { p50Ms: number; p99Ms: number } };
  /** Heap and buffers per idle connection: the relay's process with the relay, and with a bare TCP server. */
  idleConnection: { relayBytes: number; bareBytes: number };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/** `connections` clients each sending one mail after another for `seconds`. */
const drive = async (
  path: string,
  connections: number,
  seconds: number,
  sendOne: (i: number) => Promise<unknown>,
): Promise<RelayRate> => {
  const until = Date.now() + seconds * 1000;
  const latencies: number[] = [];
  let failed = 0;
  let n = 0;
  const started = Date.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (Date.now() < until) {
        const begun = performance.now();
        await sendOne(n++).then(
          () => latencies.push(performance.now() - begun),
          () => failed++,
        );
      }
    }),
  );
  const sorted = latencies.sort((a, b) => a - b);
  return {
    path,
    connections,
    mailsPerSecond: latencies.length / ((Date.now() - started) / 1000),
    p50Ms: percentile(sorted, 50),
    p99Ms: percentile(sorted, 99),
    failed,
  };
};

const collectGarbage = () => {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
};

/** Heap and buffers the process holds with `count` idle sockets open to `port` (each past its greeting). */
const heldBy = async (port: number, count: number) => {
  collectGarbage();
  const before = process.memoryUsage();
  const sockets: Socket[] = [];
  for (let i = 0; i < count; i++) {
    const socket = connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('data', resolve));
    sockets.push(socket);
  }
  await new Promise((resolve) => setTimeout(resolve, 200));
  collectGarbage();
  const after = process.memoryUsage();
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => setTimeout(resolve, 200));
  return after.heapUsed + after.external - before.heapUsed - before.external;
};

export const measureSmtpRelay = async (stack: LocalStack, seconds = 8): Promise<RelayMeasure> => {
  const tls = selfSignedCertificate();
  const replyTimes: number[] = [];
  const relay = await startRelay(relayDeps(), {
    tls,
    mode: 'implicit',
    port: 0,
    onSubmitted: (ms) => replyTimes.push(ms),
  });
  // Idle connections from this one address, past the per-address cap the relay keeps otherwise.
  const plain = await startRelay(relayDeps(), {
    tls,
    mode: 'starttls',
    port: 0,
    connections: relayConnectionCounts({ perAddress: 10_000, perKey: 10_000 }),
  });
  try {
    const rates: RelayRate[] = [];
    let oneClient = { p50Ms: 0, p99Ms: 0 };
    for (const connections of [1, 5, 20]) {
      rates.push(
        await drive('POST /mail/send', connections, seconds, (i) =>
          fetch(`${stack.baseUrl}/api/v1/mail/send`, {
            method: 'POST',
            headers: { Authorization: `Bearer ${stack.apiKey}`, 'Content-Type': 'application/json' },
            body: JSON.stringify({ to: `http-${i}@example.com`, subject: 'bench', text: 'x' }),
          }).then((response) => (response.ok ? response.text() : Promise.reject(new Error(String(response.status))))),
        ),
      );
      const pool = nodemailer.createTransport({
        host: '127.0.0.1',
        port: relay.port,
        secure: true,
        pool: true,
        maxConnections: connections,
        maxMessages: Infinity,
        auth: { user: 'apikey', pass: stack.apiKey },
        tls: { ca: tls.cert, servername: 'localhost' },
      });
      const before = replyTimes.length;
      rates.push(
        await drive('SMTP relay (TLS, pooled)', connections, seconds, (i) =>
          pool.sendMail({ from: 'bench@example.com', to: `smtp-${i}@example.com`, subject: 'bench', text: 'x' }),
        ),
      );
      pool.close();
      if (connections === 1) {
        const own = replyTimes.slice(before).sort((a, b) => a - b);
        oneClient = { p50Ms: percentile(own, 50), p99Ms: percentile(own, 99) };
      }
    }
    const bare = createServer((socket) => socket.write('220 bare\r\n'));
    await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
    const count = 1000;
    const relayBytes = await heldBy(plain.port, count);
    const bareBytes = await heldBy((bare.address() as { port: number }).port, count);
    await new Promise((resolve) => bare.close(resolve));
    const sorted = replyTimes.sort((a, b) => a - b);
    const all = { p50Ms: percentile(sorted, 50), p99Ms: percentile(sorted, 99) };
    return {
      rates,
      dataToReply: { oneClient, all },
      idleConnection: { relayBytes: relayBytes / count, bareBytes: bareBytes / count },
    };
  } finally {
    await Promise.all([relay.stop(), plain.stop()]);
  }
};

export const smtpRelaySection = (measure: RelayMeasure) => {
  const http = (connections: number) =>
    measure.rates.find((r) => r.path.startsWith('POST') && r.connections === connections)!;
  return [
    '## SMTP relay beside POST /mail/send (local, same run)',
    '',
    '| path | connections | mails/s | share of HTTP | p50 ms | p99 ms | failed |',
    '|---|---|---|---|---|---|---|',
    ...measure.rates.map(
      (r) =>
        `| ${r.path} | ${r.connections} | ${r.mailsPerSecond.toFixed(0)} | ` +
        `${(r.mailsPerSecond / http(r.connections).mailsPerSecond).toFixed(2)}x | ${r.p50Ms.toFixed(1)} | ` +
        `${r.p99Ms.toFixed(1)} | ${r.failed} |`,
    ),
    '',
    `End of DATA to the 250, in the relay (the send to the SES emulator included): one client p50 ` +
      `${measure.dataToReply.oneClient.p50Ms.toFixed(1)} ms, p99 ` +
      `${measure.dataToReply.oneClient.p99Ms.toFixed(1)} ms; every mail of the run p50 ` +
      `${measure.dataToReply.all.p50Ms.toFixed(1)} ms, p99 ${measure.dataToReply.all.p99Ms.toFixed(1)} ms.`,
    `1,000 idle connections (past the greeting), heap and buffers per connection in this process (client sockets ` +
      `included): the relay ${(measure.idleConnection.relayBytes / 1024).toFixed(1)} KB, a bare TCP server ` +
      `${(measure.idleConnection.bareBytes / 1024).toFixed(1)} KB.`,
  ];
};
