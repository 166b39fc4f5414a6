/**
 * The SMTP relay beside `POST /mail/send` in the same run (issue 38): mails a second over 5 and over 20
 * connections, each path driven the same way (that many clients sending one mail after another for a
 * few seconds), the relay's own time from the end of DATA to its 250, and the memory an idle
 * connection holds in the relay's process (beside a bare TCP server's, in processes of their own).
 */
import { fork } from 'node:child_process';
import { connect, type Socket } from 'node:net';
import { fileURLToPath } from 'node:url';
import nodemailer from 'nodemailer';
import { relayDeps } from '../functions/smtp/relay-deps';
import { startRelay } from '../functions/smtp/relay-server';
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
  /** Per idle connection, in a process of its own: the relay's, and a bare TCP server's for scale. */
  idleConnection: Record<'relay' | 'bare', { rssBytes: number; heapBytes: number }>;
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

type ChildAnswer = { port: number } | { rss: number; heap: number };

/**
 * What an idle socket, past its greeting, costs the process that serves it: a relay or a bare TCP
 * server in a process of its own (bench/idle-connections-child.ts), its resident memory and its heap
 * (with buffers) after a full collection, per socket, over steps of `step` more sockets up to 2,500.
 */
const heldBy = async (kind: 'relay' | 'bare', step = 500) => {
  const child = fork(fileURLToPath(new URL('./idle-connections-child.ts', import.meta.url)), [kind], {
    execArgv: ['--import', 'tsx', '--expose-gc'],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const answers: ChildAnswer[] = [];
  const waiting: ((answer: ChildAnswer) => void)[] = [];
  child.on('message', (answer: ChildAnswer) => (waiting.shift() ?? ((a) => answers.push(a)))(answer));
  const next = () =>
    new Promise<ChildAnswer>((resolve) => (answers.length ? resolve(answers.shift()!) : waiting.push(resolve)));
  const ask = async () => {
    child.send('measure');
    return (await next()) as { rss: number; heap: number };
  };
  // Resident memory settles some time after a collection (V8 gives pages back on its own timers):
  // asked until two answers 300 ms apart agree within 256 KB.
  const measure = async () => {
    let last = await ask();
    for (let i = 0; i < 20; i++) {
      await new Promise((resolve) => setTimeout(resolve, 300));
      const now = await ask();
      const settled = Math.abs(now.rss - last.rss) < 256 * 1024;
      last = now;
      if (settled) break;
    }
    return last;
  };
  try {
    const { port } = (await next()) as { port: number };
    const open = async (n: number) => {
      const sockets: Socket[] = [];
      for (let i = 0; i < n; i++) {
        const socket = connect(port, '127.0.0.1');
        await new Promise((resolve) => socket.once('data', resolve));
        sockets.push(socket);
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
      return sockets;
    };
    // Resident memory is counted step by step: 500 sockets at a time, none closed (freed pages would be
    // reused and hide the cost), the figure the median step. The start's garbage goes back to the system
    // at a moment of V8's choosing, some 20 MB at once: measured from a cold start the memory fell while
    // the sockets opened; the median step leaves that one step out.
    const sockets = await open(step);
    let last = await measure();
    const steps: { rss: number; heap: number }[] = [];
    for (let i = 0; i < 4; i++) {
      sockets.push(...(await open(step)));
      const now = await measure();
      steps.push({ rss: (now.rss - last.rss) / step, heap: (now.heap - last.heap) / step });
      last = now;
    }
    for (const socket of sockets) socket.destroy();
    const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
    return { rssBytes: median(steps.map((s) => s.rss)), heapBytes: median(steps.map((s) => s.heap)) };
  } finally {
    child.kill();
  }
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
    const idleConnection = { relay: await heldBy('relay'), bare: await heldBy('bare') };
    const sorted = replyTimes.sort((a, b) => a - b);
    const all = { p50Ms: percentile(sorted, 50), p99Ms: percentile(sorted, 99) };
    return {
      rates,
      dataToReply: { oneClient, all },
      idleConnection,
    };
  } finally {
    await relay.stop();
  }
};

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

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
    `Idle connections (past the greeting, 500 to 2,500 open), per connection, in a process of its own that serves ` +
      `nothing else (bench/idle-connections-child.ts): the relay ` +
      `${kb(measure.idleConnection.relay.rssBytes)} KB resident (heap and buffers ` +
      `${kb(measure.idleConnection.relay.heapBytes)} KB); a bare TCP server that only greets ` +
      `${kb(measure.idleConnection.bare.rssBytes)} KB (${kb(measure.idleConnection.bare.heapBytes)} KB). ` +
      `Goal: under 100 KB per idle connection.`,
  ];
};
