/**
 * Drain throughput: queue mails through the API, run the drainer once, and compare the rate the
 * sends reached the SES emulator with the rate SES allows (GetAccount MaxSendRate). Sends are timed
 * by a proxy in front of the emulator, as the tests do.
 */
import type { Context } from 'aws-lambda';
import { startFaultProxy } from '../test/support/fault-proxy';
import { ownSendQueue, type LocalStack } from './local-stack';

export interface DrainThroughput {
  mails: number;
  allowedRate: number;
  achievedRate: number;
  busiestSecond: number;
}

export const measureDrain = async (stack: LocalStack, mails: number, allowedRate: number): Promise<DrainThroughput> => {
  const proxy = await startFaultProxy(stack.sesEndpoint);
  const previousSes = process.env.AWS_ENDPOINT_URL_SESV2;
  process.env.AWS_ENDPOINT_URL_SESV2 = proxy.endpoint;
  const queue = await ownSendQueue('bench-drain');
  try {
    // A provider in its own region gets a fresh SES client, which picks up the proxy endpoint.
    const headers = { Authorization: `Bearer ${stack.apiKey}`, 'Content-Type': 'application/json' };
    const created = await fetch(`${stack.baseUrl}/api/v1/providers`, {
      method: 'POST', headers, body: JSON.stringify({ type: 'ses', name: 'Bench drain', from_email: 'drain@example.com', region: 'eu-central-1', is_default: true }),
    });
    if (!created.ok) throw new Error('could not create the drain provider');
    for (let i = 0; i < mails; i += 100) {
      const messages = Array.from({ length: Math.min(100, mails - i) }, (_, j) => ({ to: `d${i + j}@example.com`, subject: 'drain', text: 'x' }));
      await fetch(`${stack.baseUrl}/api/v1/mail/send-batch`, { method: 'POST', headers, body: JSON.stringify({ messages }) });
    }
    const { handler } = await import('../functions/handlers/drainer');
    await handler({}, { getRemainingTimeInMillis: () => 120_000 } as unknown as Context);
    const sends = proxy.sends;
    const achievedRate = (sends.length - 1) / ((sends[sends.length - 1] - sends[0]) / 1000);
    const busiestSecond = Math.max(...sends.map((start) => sends.filter((t) => t >= start && t < start + 1000).length));
    return { mails: sends.length, allowedRate, achievedRate, busiestSecond };
  } finally {
    process.env.AWS_ENDPOINT_URL_SESV2 = previousSes;
    queue.restore();
    await proxy.close();
  }
};
