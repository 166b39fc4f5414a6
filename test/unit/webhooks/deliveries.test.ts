import { Webhook } from 'standardwebhooks';
import { beforeEach, describe, expect, it } from 'vitest';
import { processWebhookDelivery, RETRY_DELAYS_SECONDS } from '../../../functions/domain/webhooks/deliver';
import { createWebhookEndpoint, rotateWebhookSecret } from '../../../functions/domain/webhooks/endpoints';
import type { OutboundEvent, WebhookEventType } from '../../../functions/domain/webhooks/records';
import { recordingPoster } from '../memory/webhooks';
import { messageRecord } from '../records';
import { ACCOUNT, memoryWorld, type MemoryWorld } from '../memory/world';

let world: MemoryWorld;
let poster: ReturnType<typeof recordingPoster>;
beforeEach(async () => {
  world = await memoryWorld();
  poster = recordingPoster();
});

const deps = () => ({ ...world, queue: world.webhookQueue, poster });
const endpoint = (url: string, events: WebhookEventType[] = ['email.sent']) =>
  createWebhookEndpoint({ ...world, allowLoopbackWebhooks: false }, ACCOUNT, { url, events });
const event = (changes: Partial<OutboundEvent> = {}): OutboundEvent => ({
  id: 'evt-1',
  account_id: ACCOUNT,
  type: 'email.sent',
  timestamp: '2026-11-26T09:00:00.000Z',
  message_id: '<00000000-0000-4000-8000-000000000001@example.com>',
  to: 'r@example.org',
  ...changes,
});

describe('a webhook delivery', () => {
  it('posts the event to every endpoint subscribed to its type, and to no other', async () => {
    await endpoint('https://a.example.com/hook');
    await endpoint('https://b.example.com/hook', ['email.sent', 'email.bounced']);
    await endpoint('https://c.example.com/hook', ['email.bounced']);
    expect(await processWebhookDelivery(deps(), { event: event() })).toBe(0);
    expect(poster.posts.map((p) => p.url).sort()).toEqual(['https://a.example.com/hook', 'https://b.example.com/hook']);
  });

  it("signs the body with the endpoint's secret, as Standard Webhooks verifies it", async () => {
    const { secret } = await endpoint('https://a.example.com/hook');
    // The verifier checks the timestamp against the real clock (five minutes' tolerance).
    world.clock.set(new Date().toISOString());
    await processWebhookDelivery(deps(), { event: event() });
    const [post] = poster.posts;
    expect(post.headers['webhook-timestamp']).toBe(String(Math.floor(world.clock.now().getTime() / 1000)));
    const verified = new Webhook(secret).verify(post.body, post.headers) as Record<string, unknown>;
    expect(verified).toEqual({
      type: 'email.sent',
      timestamp: '2026-11-26T09:00:00.000Z',
      data: { message_id: event().message_id, to: 'r@example.org' },
    });
    expect(post.headers['webhook-id']).toBe('evt-1');
  });

  it('reads the recipient from the message when the event does not carry it', async () => {
    await endpoint('https://a.example.com/hook');
    const stored = { message_id: event().message_id, from_email: 'a@example.com', to_email: 'stored@example.org' };
    await world.messages.create(messageRecord({ ...stored, status: 'sent' }));
    await processWebhookDelivery(deps(), { event: event({ to: undefined }) });
    expect(JSON.parse(poster.posts[0].body).data.to).toBe('stored@example.org');
  });

  it('retries a failed endpoint alone, after the first delay, keeping the event id', async () => {
    const failing = await endpoint('https://a.example.com/hook');
    await endpoint('https://b.example.com/hook');
    poster.answerNext(500, 200);
    expect(await processWebhookDelivery(deps(), { event: event() })).toBe(1);
    expect(world.webhookQueue.enqueued).toEqual([
      {
        delivery: {
          event: event(),
          endpoint_id: failing.id,
          attempts: 1,
          not_before: world.clock.now().getTime() + RETRY_DELAYS_SECONDS[0] * 1000,
        },
        delaySeconds: RETRY_DELAYS_SECONDS[0],
      },
    ]);
  });

  it('counts an unreachable endpoint as a failure to retry', async () => {
    await endpoint('https://a.example.com/hook');
    poster.answerNext(new Error('connect ECONNREFUSED'));
    expect(await processWebhookDelivery(deps(), { event: event() })).toBe(1);
    expect(world.webhookQueue.enqueued).toHaveLength(1);
  });

  it("waits out a retry's time in hops of at most 15 minutes before posting", async () => {
    const { id } = await endpoint('https://a.example.com/hook');
    const notBefore = world.clock.now().getTime() + 3_600_000;
    const retry = { event: event(), endpoint_id: id, attempts: 5, not_before: notBefore };
    expect(await processWebhookDelivery(deps(), retry)).toBe(0);
    expect(poster.posts).toEqual([]);
    expect(world.webhookQueue.enqueued[0].delaySeconds).toBe(900);
  });

  it('dead-letters the delivery after the last retry fails, with the reason and the count', async () => {
    const { id } = await endpoint('https://a.example.com/hook');
    poster.answerNext(410);
    await processWebhookDelivery(deps(), { event: event(), endpoint_id: id, attempts: RETRY_DELAYS_SECONDS.length });
    expect(world.webhookQueue.deadLetters).toEqual([
      {
        delivery: expect.objectContaining({ endpoint_id: id, attempts: RETRY_DELAYS_SECONDS.length + 1 }),
        reason: `The endpoint answered 410 (after ${RETRY_DELAYS_SECONDS.length + 1} attempts)`,
      },
    ]);
    expect(world.webhookQueue.enqueued).toEqual([]);
  });

  it('drops a retry to an endpoint deleted since', async () => {
    const { id } = await endpoint('https://a.example.com/hook');
    await world.webhooks.delete(ACCOUNT, id);
    expect(await processWebhookDelivery(deps(), { event: event(), endpoint_id: id, attempts: 2 })).toBe(0);
    expect(poster.posts).toEqual([]);
  });

  it('posts nothing for an account without endpoints', async () => {
    expect(await processWebhookDelivery(deps(), { event: event() })).toBe(0);
    expect(poster.posts).toEqual([]);
  });

  it('records each attempt in the history: pending while a retry is due, failed after the last', async () => {
    const { id } = await endpoint('https://a.example.com/hook');
    poster.answerNext(500);
    await processWebhookDelivery(deps(), { event: event() });
    const pending = await world.history.get(ACCOUNT, id, 'evt-1');
    expect(pending).toMatchObject({ status: 'pending', attempts: [{ status_code: 500 }] });
    expect(pending?.next_attempt_at).toBe(new Date(world.webhookQueue.enqueued[0].delivery.not_before!).toISOString());

    poster.answerNext(new Error('connect ECONNREFUSED'));
    await processWebhookDelivery(deps(), { event: event(), endpoint_id: id, attempts: RETRY_DELAYS_SECONDS.length });
    const failed = await world.history.get(ACCOUNT, id, 'evt-1');
    expect(failed).toMatchObject({ status: 'failed', next_attempt_at: null });
    expect(failed?.attempts[1]).toMatchObject({
      status_code: null,
      response_snippet: 'The endpoint could not be reached: connect ECONNREFUSED',
    });

    await processWebhookDelivery(deps(), { event: event(), endpoint_id: id });
    expect(await world.history.get(ACCOUNT, id, 'evt-1')).toMatchObject({ status: 'delivered', next_attempt_at: null });
  });

  it("signs with the replaced secret too until the rotation's overlap ends", async () => {
    // The real clock from the start: the verifier checks timestamps against it, and the overlap runs from the
    // rotation, so a rotation at the world's fixed date would have ended long before today's delivery.
    world.clock.set(new Date().toISOString());
    const { id, secret: old } = await endpoint('https://a.example.com/hook');
    const { secret } = await rotateWebhookSecret(world, ACCOUNT, id);
    await processWebhookDelivery(deps(), { event: event() });
    expect(poster.posts[0].headers['webhook-signature'].split(' ')).toHaveLength(2);
    for (const key of [old, secret])
      expect(() => new Webhook(key).verify(poster.posts[0].body, poster.posts[0].headers)).not.toThrow();

    world.clock.advance(24 * 3600_000 + 1000);
    await processWebhookDelivery(deps(), { event: event() });
    const late = poster.posts[1];
    const entries = late.headers['webhook-signature'].split(' ');
    const at = new Date(Number(late.headers['webhook-timestamp']) * 1000);
    expect(entries).toEqual([new Webhook(secret).sign('evt-1', at, late.body)]);
  });

  it('spreads its retries over about a day', () => {
    const hours = RETRY_DELAYS_SECONDS.reduce((sum, s) => sum + s, 0) / 3600;
    expect(hours).toBeGreaterThan(23);
    expect(hours).toBeLessThan(25);
    expect(RETRY_DELAYS_SECONDS[0]).toBeLessThanOrEqual(30);
  });
});
