import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SNSEvent } from 'aws-lambda';
import { ReceiveMessageCommand, SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { handler as sesEvents } from '../../functions/handlers/ses-events';
import { drainOnce } from '../support/drain';
import { fixtureText } from '../support/fixtures';
import { mailTo } from '../support/mailbox';
import { seedMessage } from '../support/seed-message';
import { PERMISSIONS } from '../../functions/domain/types';
import { client, keyWith, newAccount, uniqueAddress, type Client, type TestService } from '../support/service';
import { startTrackedService } from '../support/tracked-service';
import { drainWebhooksUntil, startEndpoint, type Received } from '../support/webhooks';

let service: TestService;
let api: Client;
let accountId: string;

let tracked: Awaited<ReturnType<typeof startTrackedService>>;
beforeAll(async () => {
  tracked = await startTrackedService();
  ({ service, accountId } = tracked);
  // Its tests make well over 60 requests a minute: a key of the account with room for them.
  api = client(service, await keyWith(accountId, [...PERMISSIONS], 100_000));
});
afterAll(() => tracked.close());

const createEndpoint = async (url: string, events: string[]) => {
  const created = await api.post('/api/v1/webhook-endpoints', { url, events });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.data as { id: string; secret: string; url: string; events: string[] };
};

const patch = (caller: Client, path: string, body: unknown) => caller.call('PATCH', path, body);

/** The admin CLI as an operator runs it, in a process of its own, against this worker's queues. */
const admin = async (...args: string[]) => {
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/admin.ts', ...args], {
    env: process.env,
  });
  return stdout
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));
};

const verified = (secret: string, received: Received) =>
  new Webhook(secret).verify(received.body, received.headers) as {
    type: string;
    timestamp: string;
    data: Record<string, string>;
  };

describe('webhook endpoints', () => {
  it('creates an endpoint with a secret shown once, lists and gets it without, deletes it', async () => {
    const created = await createEndpoint('https://hooks.example.com/events', ['email.sent', 'email.bounced']);
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    expect(created).toMatchObject({ url: 'https://hooks.example.com/events', events: ['email.sent', 'email.bounced'] });

    const listed = await api.get('/api/v1/webhook-endpoints');
    expect(listed.status).toBe(200);
    const mine = listed.body.data.webhook_endpoints.find((endpoint: { id: string }) => endpoint.id === created.id);
    expect(mine).toEqual({
      id: created.id,
      url: created.url,
      events: created.events,
      enabled: true,
      created_at: expect.any(String),
    });
    expect(JSON.stringify(listed.body)).not.toContain(created.secret);

    const got = await api.get(`/api/v1/webhook-endpoints/${created.id}`);
    expect(got.status).toBe(200);
    expect(got.body.data).toEqual(mine);
    expect(JSON.stringify(got.body)).not.toContain(created.secret);
    const stranger = client(service, (await newAccount('Webhooks stranger')).apiKey);
    expect((await stranger.get(`/api/v1/webhook-endpoints/${created.id}`)).status).toBe(404);

    expect((await api.delete(`/api/v1/webhook-endpoints/${created.id}`)).status).toBe(200);
    expect((await api.delete(`/api/v1/webhook-endpoints/${created.id}`)).status).toBe(404);
    expect((await api.get(`/api/v1/webhook-endpoints/${created.id}`)).status).toBe(404);
    const after = await api.get('/api/v1/webhook-endpoints');
    expect(after.body.data.webhook_endpoints.map((endpoint: { id: string }) => endpoint.id)).not.toContain(created.id);
  });

  it.each([
    ['ftp://hooks.example.com/x', ['email.sent']],
    ['not a url', ['email.sent']],
    ['http://hooks.example.com/x', ['email.sent']],
    ['https://10.0.0.5/x', ['email.sent']],
    ['https://172.16.3.4/x', ['email.sent']],
    ['https://192.168.1.1/x', ['email.sent']],
    ['https://169.254.169.254/latest/meta-data', ['email.sent']],
    ['https://[fe80::1]/x', ['email.sent']],
    ['https://hooks.example.com/x', []],
    ['https://hooks.example.com/x', ['email.unknown']],
  ])('refuses %s with events %j: 400 VALIDATION_ERROR', async (url, events) => {
    const answer = await api.post('/api/v1/webhook-endpoints', { url, events });
    expect(answer.status).toBe(400);
    expect(answer.body.error.code).toBe('VALIDATION_ERROR');
  });

  it('needs the admin permission; another account sees 404 for an id not its own', async () => {
    const mailOnly = client(service, await keyWith(accountId, ['mail']));
    expect(
      (await mailOnly.post('/api/v1/webhook-endpoints', { url: 'https://hooks.example.com/x', events: ['email.sent'] }))
        .status,
    ).toBe(403);
    expect((await mailOnly.get('/api/v1/webhook-endpoints')).status).toBe(403);

    const created = await createEndpoint('https://hooks.example.com/mine', ['email.sent']);
    const other = client(service, (await newAccount('Other')).apiKey);
    expect((await other.delete(`/api/v1/webhook-endpoints/${created.id}`)).status).toBe(404);
    expect((await other.get('/api/v1/webhook-endpoints')).body.data.webhook_endpoints).toEqual([]);
    expect((await api.delete(`/api/v1/webhook-endpoints/${created.id}`)).status).toBe(200);
  });

  it('changes the URL, events and enabled flag with PATCH, read back by GET; refusals name their field', async () => {
    const created = await createEndpoint('https://hooks.example.com/before', ['email.sent']);
    const path = `/api/v1/webhook-endpoints/${created.id}`;
    const changed = await patch(api, path, {
      url: ' https://hooks.example.com/after ',
      events: ['email.bounced', 'email.delivered', 'email.bounced'],
      enabled: false,
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const expected = {
      id: created.id,
      url: 'https://hooks.example.com/after',
      events: ['email.bounced', 'email.delivered'],
      enabled: false,
      created_at: expect.any(String),
    };
    expect(changed.body.data).toEqual(expected);
    expect((await api.get(path)).body.data).toEqual(expected);
    // One field alone changes that field only.
    expect((await patch(api, path, { enabled: true })).body.data).toEqual({ ...expected, enabled: true });

    for (const [body, field] of [
      [{ url: 'http://hooks.example.com/x' }, 'url'],
      [{ url: 'https://10.0.0.5/x' }, 'url'],
      [{ events: [] }, 'events'],
      [{ events: ['email.unknown'] }, 'events.0'],
      [{ enabled: 'no' }, 'enabled'],
      [{}, 'url'],
    ] as const) {
      const refused = await patch(api, path, body);
      expect([refused.status, refused.body.error.code], JSON.stringify(body)).toEqual([400, 'VALIDATION_ERROR']);
      expect(refused.body.error.details.map((d: { field: string }) => d.field)).toContain(field);
    }
    // Nothing refused was written.
    expect((await api.get(path)).body.data).toEqual({ ...expected, enabled: true });

    const stranger = client(service, (await newAccount('Webhook editor stranger')).apiKey);
    expect((await patch(stranger, path, { enabled: false })).status).toBe(404);
    expect((await patch(api, `/api/v1/webhook-endpoints/${crypto.randomUUID()}`, { enabled: false })).status).toBe(404);
    const mailOnly = client(service, await keyWith(accountId, ['mail']));
    expect((await patch(mailOnly, path, { enabled: false })).status).toBe(403);
    expect((await api.get(path)).body.data.enabled).toBe(true);
    expect((await api.delete(path)).status).toBe(200);
    expect((await patch(api, path, { enabled: true })).status).toBe(404);
  });

  it('holds an account to 10 endpoints: the 11th is 409 CONFLICT until one is deleted', async () => {
    const own = client(service, (await newAccount('Many endpoints')).apiKey);
    const create = (i: number) =>
      own.post('/api/v1/webhook-endpoints', { url: `https://hooks.example.com/${i}`, events: ['email.sent'] });
    const ids: string[] = [];
    for (let i = 0; i < 10; i++) {
      const created = await create(i);
      expect(created.status).toBe(201);
      ids.push(created.body.data.id);
    }
    const eleventh = await create(10);
    expect([eleventh.status, eleventh.body.error.code]).toEqual([409, 'CONFLICT']);
    expect(eleventh.body.error.message).toContain('10 webhook endpoints');
    expect((await own.get('/api/v1/webhook-endpoints')).body.data.webhook_endpoints).toHaveLength(10);
    expect((await own.delete(`/api/v1/webhook-endpoints/${ids[0]}`)).status).toBe(200);
    expect((await create(11)).status).toBe(201);
  });
});

describe('deliveries', () => {
  it('posts signed email.sent, email.opened and email.clicked events to a subscribed endpoint', async () => {
    const endpoint = await startEndpoint();
    const created = await createEndpoint(endpoint.url, ['email.sent', 'email.opened', 'email.clicked']);
    try {
      const to = uniqueAddress('hooked');
      const sent = await api.post('/api/v1/mail/send', {
        to,
        subject: 'Hi',
        html: '<html><body><a href="https://shop.example.com/offer">Offer</a></body></html>',
      });
      expect(sent.status).toBe(200);
      const messageId = sent.body.data.message_id as string;

      await drainWebhooksUntil(() => endpoint.received.length >= 1);
      const sentEvent = verified(created.secret, endpoint.received[0]!);
      expect(sentEvent).toMatchObject({ type: 'email.sent', data: { message_id: messageId, to } });
      expect(endpoint.received[0]!.headers['webhook-id']).toMatch(/^evt_/);

      const [mail] = await mailTo(to);
      const html = mail!.body.html!;
      const pixel = /<img src="([^"]+)"/.exec(html)![1]!;
      const link = /<a href="([^"]+\/t\/c\/[^"]+)"/.exec(html)![1]!;
      expect((await fetch(pixel)).status).toBe(200);
      expect((await fetch(link, { redirect: 'manual' })).status).toBe(302);

      await drainWebhooksUntil(() => endpoint.received.length >= 3);
      const events = endpoint.received.slice(1).map((received) => verified(created.secret, received));
      expect(events).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ type: 'email.opened', data: { message_id: messageId, to } }),
          expect.objectContaining({
            type: 'email.clicked',
            data: { message_id: messageId, to, url: 'https://shop.example.com/offer' },
          }),
        ]),
      );
    } finally {
      await api.delete(`/api/v1/webhook-endpoints/${created.id}`);
      await endpoint.close();
    }
  });

  it('retries an endpoint answering 500 with the same webhook-id; a deleted endpoint gets nothing more', async () => {
    let status = 500;
    const failing = await startEndpoint(() => status);
    const created = await createEndpoint(failing.url, ['email.sent']);
    try {
      const sent = await api.post('/api/v1/mail/send', { to: uniqueAddress('retried'), subject: 'Hi', text: 'Hello' });
      expect(sent.status).toBe(200);
      await drainWebhooksUntil(() => failing.received.length >= 1);
      expect(failing.received).toHaveLength(1);
      status = 200;
      // The first retry comes within 30 s (5 s here).
      await drainWebhooksUntil(() => failing.received.length >= 2, 25_000);
      expect(failing.received).toHaveLength(2);
      expect(failing.received[1]!.headers['webhook-id']).toBe(failing.received[0]!.headers['webhook-id']);
      expect(verified(created.secret, failing.received[1]!).type).toBe('email.sent');

      expect((await api.delete(`/api/v1/webhook-endpoints/${created.id}`)).status).toBe(200);
      await api.post('/api/v1/mail/send', { to: uniqueAddress('after'), subject: 'Hi', text: 'Hello' });
      await drainWebhooksUntil(() => false, 3_000);
      expect(failing.received).toHaveLength(2);
    } finally {
      await failing.close();
    }
  }, 60_000);
});

const snsEvent = (message: string): SNSEvent =>
  ({
    Records: [
      {
        EventSource: 'aws:sns',
        EventVersion: '1.0',
        EventSubscriptionArn: 'arn',
        Sns: { Message: message, MessageId: crypto.randomUUID() },
      },
    ],
  }) as unknown as SNSEvent;

describe('event sources and delivery rules', () => {
  it(
    'posts email.sent for mail the drainer sends, and email.delivered, email.bounced, email.complained from ' +
      'provider events',
    async () => {
      const endpoint = await startEndpoint();
      const created = await createEndpoint(endpoint.url, [
        'email.sent',
        'email.delivered',
        'email.bounced',
        'email.complained',
      ]);
      try {
        const to = uniqueAddress('batched');
        const queued = await api.post('/api/v1/mail/send-batch', { messages: [{ to, subject: 'Hi', text: 'Hello' }] });
        expect(queued.status).toBe(200);
        await drainOnce();

        const delivery = JSON.parse(fixtureText('sns/lambda-event-delivery.json')) as SNSEvent;
        const delivered = await seedMessage(
          accountId,
          JSON.parse(delivery.Records[0]!.Sns.Message).mail.messageId,
          'lucia.fernandez@example.org',
        );
        await sesEvents(delivery);
        const bounce = fixtureText('ses/notification-bounce-permanent-general.json');
        const bounced = await seedMessage(accountId, JSON.parse(bounce).mail.messageId, 'amelia.hart@example.com');
        await sesEvents(snsEvent(bounce));
        const complaint = fixtureText('ses/notification-complaint-abuse.json');
        const complained = await seedMessage(
          accountId,
          JSON.parse(complaint).mail.messageId,
          'hiro.tanaka@example.com',
        );
        await sesEvents(snsEvent(complaint));

        await drainWebhooksUntil(() => endpoint.received.length >= 4);
        const events = endpoint.received.map((received) => verified(created.secret, received));
        expect(events).toHaveLength(4);
        expect(events).toEqual(
          expect.arrayContaining([
            expect.objectContaining({ type: 'email.sent', data: expect.objectContaining({ to }) }),
            expect.objectContaining({
              type: 'email.delivered',
              data: { message_id: delivered, to: 'lucia.fernandez@example.org' },
            }),
            expect.objectContaining({
              type: 'email.bounced',
              data: { message_id: bounced, to: 'amelia.hart@example.com' },
            }),
            expect.objectContaining({
              type: 'email.complained',
              data: { message_id: complained, to: 'hiro.tanaka@example.com' },
            }),
          ]),
        );
      } finally {
        await api.delete(`/api/v1/webhook-endpoints/${created.id}`);
        await endpoint.close();
      }
    },
  );

  it('sends an endpoint only the events it subscribed to', async () => {
    const endpoint = await startEndpoint();
    const created = await createEndpoint(endpoint.url, ['email.clicked']);
    try {
      expect(
        (await api.post('/api/v1/mail/send', { to: uniqueAddress('quiet'), subject: 'Hi', text: 'Hello' })).status,
      ).toBe(200);
      await drainWebhooksUntil(() => false, 2_000);
      expect(endpoint.received).toEqual([]);
    } finally {
      await api.delete(`/api/v1/webhook-endpoints/${created.id}`);
      await endpoint.close();
    }
  });

  it('posts nothing to a disabled endpoint; once enabled, events go to its new URL, signed with its old secret', {
    timeout: 40_000,
  }, async () => {
    const first = await startEndpoint();
    const second = await startEndpoint();
    const created = await createEndpoint(first.url, ['email.sent']);
    const path = `/api/v1/webhook-endpoints/${created.id}`;
    try {
      expect((await patch(api, path, { enabled: false })).status).toBe(200);
      const send = (name: string) =>
        api.post('/api/v1/mail/send', { to: uniqueAddress(name), subject: 'Hi', text: 'Hi' });
      expect((await send('muted')).status).toBe(200);
      await drainWebhooksUntil(() => false, 2_000);
      expect(first.received).toEqual([]);

      expect((await patch(api, path, { enabled: true, url: second.url })).status).toBe(200);
      const sent = await send('heard');
      await drainWebhooksUntil(() => second.received.length >= 1);
      expect(first.received).toEqual([]);
      expect(second.received).toHaveLength(1);
      expect(verified(created.secret, second.received[0]!)).toMatchObject({
        type: 'email.sent',
        data: { message_id: sent.body.data.message_id },
      });
    } finally {
      await api.delete(path);
      await first.close();
      await second.close();
    }
  });

  it('checks where the name resolves when it delivers: a name that now points at this machine gets nothing', {
    timeout: 40_000,
  }, async () => {
    const endpoint = await startEndpoint();
    // Allowed at creation (the local stack), refused at delivery once loopback is not: as for a public name
    // rebound to an internal address.
    const created = await createEndpoint(endpoint.url.replace('127.0.0.1', 'localhost'), ['email.sent']);
    process.env.ALLOW_LOOPBACK_WEBHOOKS = 'false';
    try {
      expect(
        (await api.post('/api/v1/mail/send', { to: uniqueAddress('rebound'), subject: 'Hi', text: 'Hello' })).status,
      ).toBe(200);
      await drainWebhooksUntil(() => false, 2_000);
      expect(endpoint.received).toEqual([]);
      // The refusal was a failed attempt like any other: once the name may be posted to, the retry arrives.
      process.env.ALLOW_LOOPBACK_WEBHOOKS = 'true';
      await drainWebhooksUntil(() => endpoint.received.length >= 1, 20_000);
      expect(verified(created.secret, endpoint.received[0]!).type).toBe('email.sent');
    } finally {
      process.env.ALLOW_LOOPBACK_WEBHOOKS = 'true';
      await api.delete(`/api/v1/webhook-endpoints/${created.id}`);
      await endpoint.close();
    }
  });

  it('gives up on an endpoint that does not answer within 10 s and retries it with the same webhook-id', {
    timeout: 60_000,
  }, async () => {
    let answer: number | 'hang' = 'hang';
    const slow = await startEndpoint(() => answer);
    const created = await createEndpoint(slow.url, ['email.sent']);
    try {
      const started = Date.now();
      expect(
        (await api.post('/api/v1/mail/send', { to: uniqueAddress('slow'), subject: 'Hi', text: 'Hello' })).status,
      ).toBe(200);
      // The send answered without waiting on the endpoint.
      expect(Date.now() - started).toBeLessThan(5_000);
      await drainWebhooksUntil(() => slow.received.length >= 1);
      expect(Date.now() - started).toBeGreaterThanOrEqual(10_000);
      answer = 200;
      await drainWebhooksUntil(() => slow.received.length >= 2, 25_000);
      expect(slow.received).toHaveLength(2);
      expect(slow.received[1]!.headers['webhook-id']).toBe(slow.received[0]!.headers['webhook-id']);
    } finally {
      await api.delete(`/api/v1/webhook-endpoints/${created.id}`);
      await slow.close();
    }
  });

  it('dead-letters a delivery with its reason after its last retry; the admin CLI lists and redrives it', async () => {
    let answer = 503;
    const endpoint = await startEndpoint(() => answer);
    const created = await createEndpoint(endpoint.url, ['email.sent']);
    const sqs = new SQSClient({ useQueueUrlAsEndpoint: false });
    try {
      const event = {
        id: 'evt_last',
        account_id: accountId,
        type: 'email.sent',
        timestamp: new Date().toISOString(),
        message_id: '<last@example.com>',
        to: 'last@example.com',
      };
      await sqs.send(
        new SendMessageCommand({
          QueueUrl: process.env.WEBHOOK_QUEUE_URL,
          MessageBody: JSON.stringify({ event, endpoint_id: created.id, attempts: 10 }),
        }),
      );
      await drainWebhooksUntil(() => endpoint.received.length >= 1);
      expect(endpoint.received[0]!.headers['webhook-id']).toBe('evt_last');

      expect(await admin('webhook-dlq', 'list')).toEqual([
        {
          account_id: accountId,
          webhook_id: 'evt_last',
          type: 'email.sent',
          message_id: '<last@example.com>',
          endpoint_id: created.id,
          attempts: 11,
          reason: 'The endpoint answered 503 (after 11 attempts)',
        },
      ]);
      // Listing leaves it there.
      expect(await admin('webhook-dlq', 'list')).toHaveLength(1);

      answer = 200;
      expect(await admin('webhook-dlq', 'redrive')).toEqual([{ moved: 1 }]);
      await drainWebhooksUntil(() => endpoint.received.length >= 2);
      expect(endpoint.received.map((r) => r.headers['webhook-id'])).toEqual(['evt_last', 'evt_last']);
      expect(verified(created.secret, endpoint.received[1]!).data).toEqual({
        message_id: '<last@example.com>',
        to: 'last@example.com',
      });
      expect(await admin('webhook-dlq', 'list')).toEqual([]);
      const { Messages = [] } = await sqs.send(
        new ReceiveMessageCommand({ QueueUrl: process.env.WEBHOOK_DLQ_URL, MaxNumberOfMessages: 10 }),
      );
      expect(Messages).toEqual([]);
    } finally {
      sqs.destroy();
      await api.delete(`/api/v1/webhook-endpoints/${created.id}`);
      await endpoint.close();
    }
  });
});
