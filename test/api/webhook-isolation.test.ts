import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drainWebhooksOnce } from '../../local/trigger-runs';
import { client, newAccount, uniqueAddress, type Client } from '../support/service';
import { startTrackedService } from '../support/tracked-service';
import { drainWebhooksUntil, startEndpoint } from '../support/webhooks';

/**
 * One account's endpoint that never answers must not hold another account's deliveries (issue 23,
 * class 7): each post settles on its own, within its own 10 s, and the consumer does not wait for a
 * batch's slowest post before it takes the next.
 */
let tracked: Awaited<ReturnType<typeof startTrackedService>>;

beforeAll(async () => {
  tracked = await startTrackedService();
});
afterAll(() => tracked.close());

const accountWithEndpoint = async (api: Client, url: string) => {
  const created = await api.post('/api/v1/webhook-endpoints', { url, events: ['email.sent'] });
  expect(created.status).toBe(201);
  return created.body.data.id as string;
};

const until = async (done: () => boolean, timeoutMs: number) => {
  const deadline = Date.now() + timeoutMs;
  while (!done() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  return done();
};

describe('a slow webhook endpoint', () => {
  it("does not hold another account's deliveries; its own are retried at the documented delay", {
    timeout: 90_000,
  }, async () => {
    let slowAnswer: number | 'hang' = 'hang';
    const slow = await startEndpoint(() => slowAnswer);
    const fast = await startEndpoint();
    const slowApi = tracked.api;
    const other = await newAccount('Fast endpoint');
    const fastApi = client(tracked.service, other.apiKey);
    expect(
      (await fastApi.post('/api/v1/providers', { type: 'ses', name: 'SES', from_email: 'news@example.com' })).status,
    ).toBe(201);
    const slowId = await accountWithEndpoint(slowApi, slow.url);
    const fastId = await accountWithEndpoint(fastApi, fast.url);
    const arrivals: number[] = [];
    try {
      // Three batches' worth of events to the endpoint that never answers, queued first.
      for (let i = 0; i < 30; i++)
        expect(
          (await slowApi.post('/api/v1/mail/send', { to: uniqueAddress(`slow${i}`), subject: 'Hi', text: 'x' })).status,
        ).toBe(200);
      const started = Date.now();
      const draining = drainWebhooksOnce();
      // Another account's events, queued before and while the slow posts hang.
      expect(
        (await fastApi.post('/api/v1/mail/send', { to: uniqueAddress('fast'), subject: 'Hi', text: 'x' })).status,
      ).toBe(200);
      expect(await until(() => fast.received.length >= 1, 3_000)).toBe(true);
      expect(Date.now() - started).toBeLessThan(3_000);
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(
        (await fastApi.post('/api/v1/mail/send', { to: uniqueAddress('fast'), subject: 'Hi', text: 'x' })).status,
      ).toBe(200);
      const second = Date.now();
      expect(await until(() => fast.received.length >= 2, 3_000)).toBe(true);
      expect(Date.now() - second).toBeLessThan(3_000);

      // The hanging posts each gave up after 10 s on their own, and are retried from 5 s after that.
      await draining;
      expect(slow.received).toHaveLength(30);
      const firstRound = Date.now();
      slowAnswer = 200;
      await drainWebhooksUntil(() => slow.received.length >= 60, 30_000);
      arrivals.push(Date.now());
      expect(slow.received).toHaveLength(60);
      expect(new Set(slow.received.slice(30).map((r) => r.headers['webhook-id']))).toEqual(
        new Set(slow.received.slice(0, 30).map((r) => r.headers['webhook-id'])),
      );
      expect(arrivals[0]! - firstRound).toBeGreaterThanOrEqual(4_000);
    } finally {
      await slowApi.delete(`/api/v1/webhook-endpoints/${slowId}`);
      await fastApi.delete(`/api/v1/webhook-endpoints/${fastId}`);
      await slow.close();
      await fast.close();
    }
  });
});
