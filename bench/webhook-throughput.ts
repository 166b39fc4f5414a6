/**
 * Webhook deliveries per second of one consumer: the deliverer's handler fed batches of 10 records
 * one after the other, as one Lambda instance behind the SQS trigger is (batch size 10), posting to
 * an endpoint on this machine that answers 200 at once, then to one that takes 100 ms. The SQS
 * trigger's own receive and delete are the Lambda service's in AWS, so they are not in the time.
 */
import type { SQSEvent } from 'aws-lambda';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LocalStack } from './local-stack';

export interface WebhookThroughput {
  deliveries: number;
  endpointDelayMs: number;
  perSecond: number;
  batchP50Ms: number;
}

const BATCH = 10;

const measureOnce = async (
  stack: LocalStack,
  deliveries: number,
  endpointDelayMs: number,
): Promise<WebhookThroughput> => {
  let received = 0;
  const endpoint = createServer((request, response) => {
    request
      .on('data', () => undefined)
      .on('end', () => {
        received++;
        setTimeout(() => response.writeHead(200).end(), endpointDelayMs);
      });
  });
  await new Promise<void>((resolve) => endpoint.listen(0, '127.0.0.1', resolve));
  const headers = { Authorization: `Bearer ${stack.apiKey}`, 'Content-Type': 'application/json' };
  const { port } = endpoint.address() as AddressInfo;
  const created = await fetch(`${stack.baseUrl}/api/v1/webhook-endpoints`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ url: `http://127.0.0.1:${port}/hook`, events: ['email.sent'] }),
  });
  if (created.status !== 201) throw new Error(`could not create the bench webhook endpoint (${created.status})`);
  const { id } = ((await created.json()) as { data: { id: string } }).data;
  try {
    const { handler } = await import('../functions/handlers/webhook-deliverer');
    const record = (i: number) => ({
      messageId: `m${i}`,
      // `to` is known, as on the send path: no message read, only the endpoints'.
      body: JSON.stringify({
        event: {
          id: `evt_bench_${endpointDelayMs}_${i}`,
          account_id: stack.accountId,
          type: 'email.sent',
          timestamp: new Date().toISOString(),
          message_id: `<bench-${i}@example.com>`,
          to: `w${i}@example.com`,
        },
      }),
    });
    const batchTimes: number[] = [];
    const started = performance.now();
    for (let i = 0; i < deliveries; i += BATCH) {
      const batchStarted = performance.now();
      const records = Array.from({ length: Math.min(BATCH, deliveries - i) }, (_, j) => record(i + j));
      const { batchItemFailures } = await handler({ Records: records } as unknown as SQSEvent);
      if (batchItemFailures.length) throw new Error(`the deliverer failed ${batchItemFailures.length} records`);
      batchTimes.push(performance.now() - batchStarted);
    }
    const seconds = (performance.now() - started) / 1000;
    if (received !== deliveries) throw new Error(`the endpoint received ${received} of ${deliveries} deliveries`);
    batchTimes.sort((a, b) => a - b);
    return {
      deliveries,
      endpointDelayMs,
      perSecond: deliveries / seconds,
      batchP50Ms: batchTimes[Math.floor(batchTimes.length / 2)]!,
    };
  } finally {
    await fetch(`${stack.baseUrl}/api/v1/webhook-endpoints/${id}`, { method: 'DELETE', headers });
    await new Promise<void>((resolve) => endpoint.close(() => resolve()));
  }
};

export const measureWebhookDeliveries = async (stack: LocalStack, deliveries: number) => [
  await measureOnce(stack, deliveries, 0),
  await measureOnce(stack, deliveries, 100),
];
