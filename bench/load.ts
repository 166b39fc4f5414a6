/**
 * Local latency and throughput of the main routes through the local server (DynamoDB Local and the
 * SES emulator behind it), with autocannon in a process of its own, beside two floors measured the
 * same way: a bare Node HTTP server (the floor of the machine) and the health route (the floor of
 * the request pipeline without a key or table).
 */
import { execFile } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import type { LocalStack } from './local-stack';

const run = promisify(execFile);

export interface LoadResult {
  target: string;
  connections: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
}

const autocannon = async (
  url: string,
  connections: number,
  seconds: number,
  options: { method?: string; body?: string; headers?: string[] } = {},
) => {
  const args = ['-j', '-c', String(connections), '-d', String(seconds), '-m', options.method ?? 'GET'];
  for (const header of options.headers ?? []) args.push('-H', header);
  if (options.body) args.push('-b', options.body);
  const { stdout } = await run(process.execPath, ['node_modules/autocannon/autocannon.js', ...args, url], {
    maxBuffer: 32 * 1024 * 1024,
  });
  const result = JSON.parse(stdout);
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
  };
};

export const measureLoad = async (stack: LocalStack, seconds: number, levels: number[]): Promise<LoadResult[]> => {
  const bare = createServer((_request, response) =>
    response.writeHead(200, { 'Content-Type': 'application/json' }).end('{"ok":true}'),
  );
  await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
  const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}/`;
  const auth = [`Authorization=Bearer ${stack.apiKey}`, 'Content-Type=application/json'];
  const sent = await fetch(`${stack.baseUrl}/api/v1/mail/send`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${stack.apiKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ to: 'status@example.com', subject: 'for status', text: 'x' }),
  }).then((r) => r.json() as Promise<{ data: { message_id: string } }>);

  const targets = [
    { target: 'floor: bare Node HTTP server', url: bareUrl },
    { target: 'floor: GET /health (pipeline, no key)', url: `${stack.baseUrl}/api/v1/health` },
    {
      target: 'GET /mail/status',
      url: `${stack.baseUrl}/api/v1/mail/status/${encodeURIComponent(sent.data.message_id)}`,
      headers: auth,
    },
    {
      target: 'POST /mail/send',
      url: `${stack.baseUrl}/api/v1/mail/send`,
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ to: 'load@example.com', subject: 'load', text: 'x' }),
    },
    {
      target: 'POST /mail/send-batch (10 items)',
      url: `${stack.baseUrl}/api/v1/mail/send-batch`,
      method: 'POST',
      headers: auth,
      body: JSON.stringify({
        messages: Array.from({ length: 10 }, (_, i) => ({ to: `l${i}@example.com`, subject: 'load', text: 'x' })),
      }),
    },
  ];
  const results: LoadResult[] = [];
  for (const target of targets) {
    for (const connections of levels) {
      results.push({
        target: target.target,
        connections,
        ...(await autocannon(target.url, connections, seconds, target)),
      });
    }
  }
  await new Promise<void>((resolve) => bare.close(() => resolve()));
  return results;
};
