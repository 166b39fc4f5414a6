import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setClockForTests } from '../../functions/adapters/test-seams';
import { client, keyWith, newAccount, uniqueAddress, type Client, type TestService } from '../support/service';
import { startTrackedService } from '../support/tracked-service';
import { drainWebhooksUntil, startEndpoint, type Received } from '../support/webhooks';

let service: TestService;
let api: Client;
let accountId: string;
let tracked: Awaited<ReturnType<typeof startTrackedService>>;
beforeAll(async () => {
  tracked = await startTrackedService();
  ({ service, api, accountId } = tracked);
});
afterAll(() => tracked.close());
afterEach(() => setClockForTests(undefined));

const createEndpoint = async (url: string, events: string[] = ['email.sent']) => {
  const created = await api.post('/api/v1/webhook-endpoints', { url, events });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.data as { id: string; secret: string };
};

const send = (name: string) => api.post('/api/v1/mail/send', { to: uniqueAddress(name), subject: 'Hi', text: 'Hi' });

/** The `v1,<sig>` entries a secret makes for a delivery, as a receiver recomputes them (no clock check). */
const signatureOf = (secret: string, received: Received) =>
  new Webhook(secret).sign(
    received.headers['webhook-id'],
    new Date(Number(received.headers['webhook-timestamp']) * 1000),
    received.body,
  );
const entries = (received: Received) => received.headers['webhook-signature'].split(' ');

describe('signing secret rotation', () => {
  it('answers a new secret once; both keys verify for 24 hours, then only the new one', {
    timeout: 40_000,
  }, async () => {
    const endpoint = await startEndpoint();
    const created = await createEndpoint(endpoint.url);
    const path = `/api/v1/webhook-endpoints/${created.id}`;
    try {
      const rotated = await api.post(`${path}/rotate-secret`, {});
      expect(rotated.status, JSON.stringify(rotated.body)).toBe(200);
      const secret = rotated.body.data.secret as string;
      expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
      expect(secret).not.toBe(created.secret);
      const until = Date.parse(rotated.body.data.previous_secret_expires_at);
      expect(Math.abs(until - (Date.now() + 24 * 3600_000))).toBeLessThan(60_000);
      expect(JSON.stringify((await api.get(path)).body)).not.toContain(secret);

      expect((await send('overlap')).status).toBe(200);
      await drainWebhooksUntil(() => endpoint.received.length >= 1);
      const during = endpoint.received[0]!;
      expect(entries(during)).toHaveLength(2);
      // Standard Webhooks' own verifier (what `resend.webhooks.verify` calls) accepts it with either secret.
      expect((new Webhook(created.secret).verify(during.body, during.headers) as { type: string }).type).toBe(
        'email.sent',
      );
      expect((new Webhook(secret).verify(during.body, during.headers) as { type: string }).type).toBe('email.sent');

      setClockForTests(() => new Date(Date.now() + 25 * 3600_000));
      expect((await send('after-overlap')).status).toBe(200);
      await drainWebhooksUntil(() => endpoint.received.length >= 2);
      const after = endpoint.received[1]!;
      // A day on, the verifier's own clock check would refuse the (future) timestamp: the signatures are compared.
      expect(entries(after)).toEqual([signatureOf(secret, after)]);
      expect(entries(after)).not.toContain(signatureOf(created.secret, after));
    } finally {
      setClockForTests(undefined);
      await api.delete(path);
      await endpoint.close();
    }
  });

  it('is 404 for another account or a missing endpoint, 403 without admin', async () => {
    const created = await createEndpoint('https://hooks.example.com/rotated');
    const path = `/api/v1/webhook-endpoints/${created.id}/rotate-secret`;
    const stranger = client(service, (await newAccount('Rotation stranger')).apiKey);
    expect((await stranger.post(path, {})).status).toBe(404);
    expect((await api.post(`/api/v1/webhook-endpoints/${crypto.randomUUID()}/rotate-secret`, {})).status).toBe(404);
    const mailOnly = client(service, await keyWith(accountId, ['mail']));
    expect((await mailOnly.post(path, {})).status).toBe(403);
    await api.delete(`/api/v1/webhook-endpoints/${created.id}`);
  });
});

describe('event history', () => {
  it('lists each event posted with its status, body and attempts, newest first, cursor-paged', async () => {
    const endpoint = await startEndpoint(
      () => 200,
      () => 'ok',
    );
    const created = await createEndpoint(endpoint.url);
    const base = `/api/v1/webhook-endpoints/${created.id}`;
    try {
      const first = await send('history-1');
      const second = await send('history-2');
      await drainWebhooksUntil(() => endpoint.received.length >= 2);
      const listed = await api.get(`${base}/events`);
      expect(listed.status, JSON.stringify(listed.body)).toBe(200);
      const events = listed.body.data.events as { id: string; status: string; attempts: number }[];
      expect(events).toHaveLength(2);
      expect(events.every((e) => e.status === 'delivered' && e.attempts === 1)).toBe(true);
      const ids = endpoint.received.map((r) => r.headers['webhook-id']);
      expect(new Set(events.map((e) => e.id))).toEqual(new Set(ids));

      const page = await api.get(`${base}/events?limit=1`);
      expect(page.body.data.events).toHaveLength(1);
      const rest = await api.get(`${base}/events?limit=1&cursor=${page.body.data.next_cursor}`);
      expect(rest.body.data.events.map((e: { id: string }) => e.id)).toEqual([
        events.find((e) => e.id !== page.body.data.events[0].id)!.id,
      ]);
      expect(events[0]).toEqual(page.body.data.events[0]);

      const messageIds = [first.body.data.message_id, second.body.data.message_id];
      const got = await api.get(`${base}/events/${events[0]!.id}`);
      expect(got.body.data).toMatchObject({ id: events[0]!.id, type: 'email.sent', status: 'delivered' });
      expect(messageIds).toContain(got.body.data.payload.data.message_id);
      // Newest first: the second send's event heads the list.
      expect(got.body.data.payload.data.message_id).toBe(second.body.data.message_id);
      const attempts = await api.get(`${base}/events/${events[0]!.id}/attempts`);
      expect(attempts.body.data.attempts).toEqual([
        {
          id: expect.stringMatching(/^att_/),
          status_code: 200,
          duration_ms: expect.any(Number),
          response_snippet: 'ok',
          attempted_at: expect.any(String),
        },
      ]);
    } finally {
      await api.delete(base);
      await endpoint.close();
    }
  });

  it('shows a failed delivery with its attempts and replays it with the same webhook-id', {
    timeout: 40_000,
  }, async () => {
    let status = 500;
    const endpoint = await startEndpoint(
      () => status,
      () => (status === 500 ? 'é'.repeat(1000) : 'thanks'),
    );
    const created = await createEndpoint(endpoint.url);
    const base = `/api/v1/webhook-endpoints/${created.id}`;
    const sqs = new SQSClient({ useQueueUrlAsEndpoint: false });
    try {
      // The last retry of an event: it fails and is given up on.
      const eventId = `evt_${crypto.randomUUID().replace(/-/g, '')}`;
      const event = {
        id: eventId,
        account_id: accountId,
        type: 'email.sent',
        timestamp: new Date().toISOString(),
        message_id: '<replayed@example.com>',
        to: 'replayed@example.com',
      };
      await sqs.send(
        new SendMessageCommand({
          QueueUrl: process.env.WEBHOOK_QUEUE_URL,
          MessageBody: JSON.stringify({ event, endpoint_id: created.id, attempts: 10 }),
        }),
      );
      await drainWebhooksUntil(() => endpoint.received.length >= 1);
      const failed = await api.get(`${base}/events/${eventId}`);
      expect(failed.body.data).toMatchObject({ status: 'failed', attempts: 1, next_attempt_at: null });
      const [attempt] = (await api.get(`${base}/events/${eventId}/attempts`)).body.data.attempts;
      expect(attempt.status_code).toBe(500);
      // At most 1 KiB of the answer, cut between characters (é is two bytes).
      expect(attempt.response_snippet).toBe('é'.repeat(512));

      status = 200;
      const replayed = await api.post(`${base}/events/${eventId}/replay`, {});
      expect(replayed.status, JSON.stringify(replayed.body)).toBe(202);
      expect(replayed.body.data).toMatchObject({ id: eventId, status: 'pending' });
      await drainWebhooksUntil(() => endpoint.received.length >= 2);
      expect(endpoint.received.map((r) => r.headers['webhook-id'])).toEqual([eventId, eventId]);
      expect(new Webhook(created.secret).verify(endpoint.received[1]!.body, endpoint.received[1]!.headers)).toEqual({
        type: 'email.sent',
        timestamp: event.timestamp,
        data: { message_id: '<replayed@example.com>', to: 'replayed@example.com' },
      });
      expect((await api.get(`${base}/events/${eventId}`)).body.data).toMatchObject({
        status: 'delivered',
        attempts: 2,
      });
      const attempts = (await api.get(`${base}/events/${eventId}/attempts`)).body.data.attempts;
      expect(attempts.map((a: { status_code: number; response_snippet: string }) => a.status_code)).toEqual([500, 200]);
      expect(attempts[1].response_snippet).toBe('thanks');

      // Disabled, nothing would be posted: refused.
      expect((await api.call('PATCH', base, { enabled: false })).status).toBe(200);
      const refused = await api.post(`${base}/events/${eventId}/replay`, {});
      expect([refused.status, refused.body.error.code]).toEqual([409, 'CONFLICT']);
    } finally {
      sqs.destroy();
      await api.delete(base);
      await endpoint.close();
    }
  });

  it("is 404 for another account's endpoint or event, 400 for a bad cursor or limit, 403 without admin", async () => {
    const endpoint = await startEndpoint();
    const created = await createEndpoint(endpoint.url);
    const base = `/api/v1/webhook-endpoints/${created.id}`;
    try {
      await send('isolated');
      await drainWebhooksUntil(() => endpoint.received.length >= 1);
      const eventId = endpoint.received[0]!.headers['webhook-id'];
      expect((await api.get(`${base}/events/${eventId}`)).status).toBe(200);

      const stranger = client(service, (await newAccount('History stranger')).apiKey);
      for (const path of [`${base}/events`, `${base}/events/${eventId}`, `${base}/events/${eventId}/attempts`])
        expect((await stranger.get(path)).status, path).toBe(404);
      expect((await stranger.post(`${base}/events/${eventId}/replay`, {})).status).toBe(404);
      // Its own endpoint does not reach another's events either.
      const own = (
        await stranger.post('/api/v1/webhook-endpoints', { url: 'https://hooks.example.com/s', events: ['email.sent'] })
      ).body.data;
      expect((await stranger.get(`/api/v1/webhook-endpoints/${own.id}/events/${eventId}`)).status).toBe(404);
      expect((await stranger.get(`/api/v1/webhook-endpoints/${own.id}/events`)).body.data.events).toEqual([]);

      for (const missing of ['evt_0', `evt_${'0'.repeat(32)}`, 'nope'])
        expect((await api.get(`${base}/events/${missing}/attempts`)).status).toBe(404);
      expect((await api.post(`${base}/events/evt_missing/replay`, {})).status).toBe(404);
      for (const query of [
        'limit=0',
        'limit=101',
        'cursor=not!ours',
        `cursor=${Buffer.from('x').toString('base64url')}`,
      ]) {
        const answer = await api.get(`${base}/events?${query}`);
        expect([answer.status, answer.body.error?.code], query).toEqual([400, 'VALIDATION_ERROR']);
      }
      const mailOnly = client(service, await keyWith(accountId, ['mail']));
      expect((await mailOnly.get(`${base}/events`)).status).toBe(403);
    } finally {
      await api.delete(base);
      await endpoint.close();
    }
  });
});
