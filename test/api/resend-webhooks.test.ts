import type { Resend } from 'resend';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, keyWith, newAccount, uniqueAddress, type Client } from '../support/service';
import { resendClient } from '../support/resend-account';
import { startTrackedService } from '../support/tracked-service';
import { drainWebhooksUntil, startEndpoint, type Received } from '../support/webhooks';

/**
 * docs/promises.md "Resend-compatible API", webhooks: the official `resend` package, unchanged, drives every
 * call here (`baseUrl` <base>/resend); what it writes is read natively, and its own `webhooks.verify`
 * checks our deliveries.
 */
let tracked: Awaited<ReturnType<typeof startTrackedService>>;
let api: Client;
let resend: Resend;
let foreign: Resend;

beforeAll(async () => {
  tracked = await startTrackedService();
  const key = await keyWith(tracked.accountId, ['admin'], 100_000);
  api = client(tracked.service, key);
  resend = resendClient(tracked.service, key);
  foreign = resendClient(tracked.service, (await newAccount('Resend webhooks other')).apiKey);
});
afterAll(() => tracked.close());

const verify = (secret: string, received: Received) =>
  resend.webhooks.verify({
    payload: received.body,
    headers: {
      id: received.headers['webhook-id'],
      timestamp: received.headers['webhook-timestamp'],
      signature: received.headers['webhook-signature'],
    },
    webhookSecret: secret,
  });

describe('webhooks through the SDK', () => {
  it('create, get (secret masked), list, update, remove: read natively each time', async () => {
    const created = await resend.webhooks.create({
      endpoint: 'https://hooks.example.com/sdk',
      events: ['email.sent', 'email.bounced'],
    });
    expect(created.error).toBeNull();
    expect(created.data).toEqual({ object: 'webhook', id: expect.any(String), signing_secret: expect.any(String) });
    const id = created.data!.id;
    expect(created.data!.signing_secret).toMatch(/^whsec_/);

    const got = await resend.webhooks.get(id);
    expect(got.data).toEqual({
      object: 'webhook',
      id,
      created_at: expect.stringMatching(/Z$/),
      status: 'enabled',
      endpoint: 'https://hooks.example.com/sdk',
      events: ['email.sent', 'email.bounced'],
      signing_secret: 'whsec_********',
    });
    const second = (await resend.webhooks.create({ endpoint: 'https://hooks.example.com/two', events: ['email.sent'] }))
      .data!.id;
    const listed = await resend.webhooks.list();
    expect(listed.data?.data.map((w) => w.id)).toEqual([second, id]);
    expect(listed.data?.data[1]).toEqual({
      id,
      endpoint: 'https://hooks.example.com/sdk',
      created_at: expect.any(String),
      status: 'enabled',
      events: ['email.sent', 'email.bounced'],
    });
    const page = await resend.webhooks.list({ limit: 1, after: second });
    expect([page.data?.has_more, page.data?.data.map((w) => w.id)]).toEqual([false, [id]]);

    const updated = await resend.webhooks.update(id, { status: 'disabled', events: ['email.delivered'] });
    expect(updated.data).toEqual({ object: 'webhook', id });
    expect((await api.get(`/api/v1/webhook-endpoints/${id}`)).body.data).toMatchObject({
      enabled: false,
      events: ['email.delivered'],
      url: 'https://hooks.example.com/sdk',
    });

    const removed = await resend.webhooks.remove(id);
    expect(removed.data).toEqual({ object: 'webhook', id, deleted: true });
    expect((await api.get(`/api/v1/webhook-endpoints/${id}`)).status).toBe(404);
    expect((await resend.webhooks.get(id)).error).toMatchObject({ statusCode: 404, name: 'not_found' });
    await resend.webhooks.remove(second);
  });

  it('refuses bad input with 422 naming the field; another account reads 404', async () => {
    const unknown = await resend.webhooks.create({
      endpoint: 'https://hooks.example.com/x',
      events: ['contact.created'],
    });
    expect(unknown.error).toMatchObject({ statusCode: 422, name: 'validation_error' });
    expect(unknown.error?.message).toContain('events');
    const plain = await resend.webhooks.create({ endpoint: 'http://hooks.example.com/x', events: ['email.sent'] });
    expect(plain.error).toMatchObject({ statusCode: 422, name: 'validation_error' });
    expect(plain.error?.message).toContain('endpoint');

    const id = (await resend.webhooks.create({ endpoint: 'https://hooks.example.com/mine', events: ['email.sent'] }))
      .data!.id;
    const badUpdate = await resend.webhooks.update(id, { endpoint: 'https://10.0.0.1/x' });
    expect(badUpdate.error?.message).toContain('endpoint');
    expect((await foreign.webhooks.get(id)).error).toMatchObject({ statusCode: 404, name: 'not_found' });
    expect((await foreign.webhooks.update(id, { status: 'disabled' })).error?.statusCode).toBe(404);
    expect((await foreign.webhooks.rotateSigningSecret(id)).error?.statusCode).toBe(404);
    expect((await foreign.webhooks.events.list({ webhookId: id })).error?.statusCode).toBe(404);
    expect((await foreign.webhooks.remove(id)).error?.statusCode).toBe(404);
    expect((await resend.webhooks.list({ limit: 1, after: crypto.randomUUID() })).error?.statusCode).toBe(422);
    await resend.webhooks.remove(id);
  });

  it('lists events and attempts, replays one with the same webhook-id; verify accepts our deliveries', {
    timeout: 40_000,
  }, async () => {
    let status = 500;
    const endpoint = await startEndpoint(
      () => status,
      () => (status === 500 ? 'down' : 'ok'),
    );
    const created = (await resend.webhooks.create({ endpoint: endpoint.url, events: ['email.sent'] })).data!;
    try {
      // The tracked account's own key sends; the SDK's key holds `admin` only.
      const mailer = tracked.api;
      const message = await mailer.post('/api/v1/mail/send', {
        to: uniqueAddress('sdk-hook'),
        subject: 'Hi',
        text: 'Hi',
      });
      expect(message.status).toBe(200);
      await drainWebhooksUntil(() => endpoint.received.length >= 1);
      const eventId = endpoint.received[0]!.headers['webhook-id'];

      const events = await resend.webhooks.events.list({ webhookId: created.id });
      expect(events.error).toBeNull();
      expect(events.data).toEqual({
        object: 'list',
        has_more: false,
        data: [{ id: eventId, type: 'email.sent', created_at: expect.any(String), status: 'pending' }],
      });

      status = 200;
      const replayed = await resend.webhooks.events.replay({ webhookId: created.id, eventId });
      expect(replayed.data).toEqual({ object: 'webhook_event', id: eventId });
      await drainWebhooksUntil(() => endpoint.received.length >= 2);
      expect(endpoint.received[1]!.headers['webhook-id']).toBe(eventId);
      expect(verify(created.signing_secret, endpoint.received[1]!)).toMatchObject({
        type: 'email.sent',
        data: { message_id: message.body.data.message_id },
      });

      const got = await resend.webhooks.events.get({ webhookId: created.id, eventId });
      expect(got.data).toMatchObject({
        object: 'webhook_event',
        id: eventId,
        type: 'email.sent',
        status: 'success',
        next_attempt_at: null,
        payload: { type: 'email.sent', data: { message_id: message.body.data.message_id } },
      });
      const attempts = await resend.webhooks.events.attempts.list({ webhookId: created.id, eventId });
      expect(attempts.error).toBeNull();
      // Newest first; the scheduled retry may have come too (answered 200).
      const codes = attempts.data!.data.map((a) => a.http_status_code);
      expect(codes.at(-1)).toBe(500);
      expect(codes[0]).toBe(200);
      expect(attempts.data!.data.at(-1)).toEqual({
        id: expect.stringMatching(/^att_/),
        http_status_code: 500,
        response: 'down',
        sent_at: expect.stringMatching(/Z$/),
      });
      const older = await resend.webhooks.events.attempts.list({
        webhookId: created.id,
        eventId,
        limit: 1,
        after: attempts.data!.data[0]!.id,
      });
      expect(older.data?.data[0]?.id).toBe(attempts.data!.data[1]!.id);

      // Rotation: the new secret once; both verify during the overlap.
      const rotated = await resend.webhooks.rotateSigningSecret(created.id);
      expect(rotated.data).toEqual({ object: 'webhook', id: created.id, signing_secret: expect.any(String) });
      expect(rotated.data!.signing_secret).not.toBe(created.signing_secret);
      const before = endpoint.received.length;
      await mailer.post('/api/v1/mail/send', { to: uniqueAddress('sdk-rotated'), subject: 'Hi', text: 'Hi' });
      await drainWebhooksUntil(() => endpoint.received.length > before);
      const latest = endpoint.received.at(-1)!;
      expect(verify(created.signing_secret, latest)).toMatchObject({ type: 'email.sent' });
      expect(verify(rotated.data!.signing_secret, latest)).toMatchObject({ type: 'email.sent' });
      expect(() => verify(`whsec_${Buffer.alloc(24).toString('base64')}`, latest)).toThrow();

      expect((await foreign.webhooks.events.get({ webhookId: created.id, eventId })).error?.statusCode).toBe(404);
      expect((await foreign.webhooks.events.attempts.list({ webhookId: created.id, eventId })).error?.statusCode).toBe(
        404,
      );
      expect((await foreign.webhooks.events.replay({ webhookId: created.id, eventId })).error?.statusCode).toBe(404);
      expect((await resend.webhooks.events.get({ webhookId: created.id, eventId: 'evt_nope' })).error).toMatchObject({
        statusCode: 404,
        name: 'not_found',
      });
    } finally {
      await resend.webhooks.remove(created.id);
      await endpoint.close();
    }
  });
});
