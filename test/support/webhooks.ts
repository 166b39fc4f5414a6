import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { drainWebhooksOnce } from '../../local/trigger-runs';

export interface Received {
  headers: Record<string, string>;
  body: string;
}

/**
 * A webhook endpoint on 127.0.0.1 that records what it receives and answers `status()` (`'hang'`: never),
 * with `body()` as the answer's body.
 */
export const startEndpoint = async (status: () => number | 'hang' = () => 200, body: () => string = () => '') => {
  const received: Received[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: plain(request.headers), body: Buffer.concat(chunks).toString('utf8') });
      const answer = status();
      if (answer !== 'hang') response.writeHead(answer).end(body());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
};

const plain = (headers: IncomingHttpHeaders) =>
  Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, String(value)]));

/** Drains the webhook queue (as the SQS trigger would) until `done` holds or `timeoutMs` passes. */
export const drainWebhooksUntil = async (done: () => boolean, timeoutMs = 15_000) => {
  const until = Date.now() + timeoutMs;
  for (;;) {
    await drainWebhooksOnce();
    if (done() || Date.now() > until) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
};
