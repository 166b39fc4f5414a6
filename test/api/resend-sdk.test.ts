import { createHash, randomBytes } from 'node:crypto';
import { simpleParser } from 'mailparser';
import { Resend } from 'resend';
import { awayFromMinuteEnd } from '../support/rate-window';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDomainService } from '../support/domain-service';
import { drainOnce } from '../support/drain';
import { mailTo } from '../support/mailbox';
import { client, keyWith, newAccount, uniqueAddress, type Client, type TestService } from '../support/service';
import { startSmtpSink } from '../support/smtp-sink';

/**
 * docs/promises.md "Resend-compatible API": the official `resend` package, unchanged, pointed at the
 * service by RESEND_BASE_URL, drives every call here. What it sends is checked where it lands: the
 * SES emulator's mailbox, the native status route, the native key and domain routes.
 */
let service: TestService;
let dns: Awaited<ReturnType<typeof startDomainService>>['dns'];
let stop: () => Promise<void>;
let resend: Resend;
let native: Client;
let accountId: string;
let apiKey: string;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

beforeAll(async () => {
  ({ dns, service, stop } = await startDomainService());
  ({ accountId, apiKey } = await newAccount('Resend'));
  native = client(service, apiKey);
  expect(
    (
      await native.post('/api/v1/providers', {
        type: 'ses',
        name: 'SES',
        from_email: 'sender@example.com',
        from_name: 'Sender',
        region: 'us-east-1',
      })
    ).status,
  ).toBe(201);
  // The move from Resend: two environment variables, RESEND_API_KEY (one of our keys) and RESEND_BASE_URL.
  process.env.RESEND_BASE_URL = `${service.baseUrl}/resend`;
  process.env.RESEND_API_KEY = apiKey;
  resend = new Resend();
});
afterAll(async () => {
  delete process.env.RESEND_BASE_URL;
  delete process.env.RESEND_API_KEY;
  await stop();
});

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

const content = { subject: 'Hello from Resend', html: '<p>Hi</p>', text: 'Hi' };

describe('emails.send', () => {
  it(
    'sends one message to every `to` (the first as To, the others in Cc), answers a uuid the native status route ' +
      'finds, with the rate-limit headers',
    async () => {
      const [first, second, cc, bcc] = [
        uniqueAddress('to'),
        uniqueAddress('to2'),
        uniqueAddress('cc'),
        uniqueAddress('bcc'),
      ];
      const sent = await resend.emails.send({
        from: 'Shop Team <sender@example.com>',
        to: [first, second],
        cc,
        bcc: [bcc],
        replyTo: 'replies@example.com',
        tags: [{ name: 'category', value: 'welcome' }],
        ...content,
      });
      expect(sent.error).toBeNull();
      const id = sent.data!.id;
      expect(id).toMatch(UUID);
      expect(sent.headers?.['ratelimit-limit']).toBe('60');
      expect(Number(sent.headers?.['ratelimit-remaining'])).toBeLessThan(60);

      const [mail] = await mailTo(first);
      expect(mail.from).toBe('"Shop Team" <sender@example.com>');
      expect(mail.destination).toEqual({ to: [first], cc: [second, cc], bcc: [bcc] });
      expect(mail.replyTo).toEqual(['replies@example.com']);
      expect(mail.body).toEqual({ html: expect.stringContaining('<p>Hi</p>'), text: 'Hi' });

      const got = await resend.emails.get(id);
      expect(got.error).toBeNull();
      expect(got.data).toEqual({
        object: 'email',
        id,
        message_id: `<${id}@example.com>`,
        from: 'Shop Team <sender@example.com>',
        to: [first],
        cc: [second, cc],
        bcc: [bcc],
        reply_to: ['replies@example.com'],
        subject: 'Hello from Resend',
        html: '<p>Hi</p>',
        text: 'Hi',
        // With its zone, as Resend writes times: the SDK's users read it with `new Date`.
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/),
        last_event: 'sent',
        scheduled_at: null,
        tags: [{ name: 'category', value: 'welcome' }],
      });

      // The same record underneath: the native status route finds it by Resend's id and by ours.
      for (const ref of [id, got.data!.message_id]) {
        const status = await native.get(`/api/v1/mail/status/${encodeURIComponent(ref)}`);
        expect(status.status).toBe(200);
        expect(status.body.data.message).toMatchObject({
          message_id: `<${id}@example.com>`,
          to_email: first,
          status: 'sent',
          subject: 'Hello from Resend',
        });
      }
    },
  );

  it('honours Idempotency-Key: the same key and body send once and answer the same id', async () => {
    const to = uniqueAddress('idem');
    const key = `resend-${Math.random()}`;
    const first = await resend.emails.send({ from: 'sender@example.com', to, ...content }, { idempotencyKey: key });
    const again = await resend.emails.send({ from: 'sender@example.com', to, ...content }, { idempotencyKey: key });
    expect(again.data).toEqual(first.data);
    const received = await mailTo(to);
    expect(received).toHaveLength(1);
    // A bare `from` leaves without a display name (not the provider's 'Sender').
    expect(received[0].from).toBe('sender@example.com');
    const other = await resend.emails.send(
      { from: 'sender@example.com', to, ...content, subject: 'Other' },
      { idempotencyKey: key },
    );
    expect(other.error).toMatchObject({ statusCode: 409, name: 'invalid_idempotent_request' });
    const malformed = await resend.emails.send(
      { from: 'sender@example.com', to, ...content },
      { idempotencyKey: 'k'.repeat(256) },
    );
    expect(malformed.error).toMatchObject({
      statusCode: 400,
      name: 'invalid_idempotency_key',
      message: expect.stringContaining('Idempotency-Key'),
    });
  });

  it('renders a stored template named by `template`', async () => {
    const template = await native.post('/api/v1/templates', {
      name: `t-${Math.random()}`,
      subject: 'Hi {{name}}',
      html: '<p>Hello {{name}}</p>',
    });
    expect(template.status).toBe(201);
    const to = uniqueAddress('tpl');
    const sent = await resend.emails.send({
      from: 'sender@example.com',
      to,
      template: { id: template.body.data.id, variables: { name: 'Ada' } },
    });
    expect(sent.error).toBeNull();
    const [mail] = await mailTo(to);
    expect(mail.subject).toBe('Hi Ada');
  });

  it('an invalid address is 422 validation_error naming the field; nothing is sent', async () => {
    const sent = await resend.emails.send({ from: 'sender@example.com', to: 'not-an-address', ...content });
    expect(sent.data).toBeNull();
    expect(sent.error).toEqual({ statusCode: 422, name: 'validation_error', message: expect.stringContaining('to') });
  });

  it(
    'refuses by name what the service does not take: react, topic_id, an attachment by `path`, a header the ' +
      'service sets',
    async () => {
      const to = uniqueAddress('refused');
      // The SDK renders `react` itself before sending; a client that sends it raw is told why.
      const react = await resend.post('/emails', { from: 'sender@example.com', to, subject: 's', react: '<Email />' });
      expect(react.error).toMatchObject({
        statusCode: 422,
        name: 'validation_error',
        message: expect.stringContaining('react: React is rendered by the caller'),
      });
      const topic = await resend.emails.send({
        from: 'sender@example.com',
        to,
        ...content,
        topicId: crypto.randomUUID(),
      });
      expect(topic.error).toMatchObject({
        statusCode: 422,
        name: 'validation_error',
        message: expect.stringContaining('topic_id: Topics are not supported'),
      });
      const headers = await resend.emails.send({
        from: 'sender@example.com',
        to,
        ...content,
        headers: { 'X-Entity-Ref-ID': '1', 'Return-Path': 'bounces@elsewhere.example' },
      });
      expect(headers.error).toMatchObject({
        statusCode: 422,
        name: 'validation_error',
        message: expect.stringContaining('headers.Return-Path'),
      });
      const byPath = await resend.emails.send({
        from: 'sender@example.com',
        to,
        ...content,
        attachments: [{ filename: 'a.pdf', path: 'https://example.com/a.pdf' }],
      });
      expect(byPath.error).toMatchObject({
        statusCode: 422,
        name: 'validation_error',
        message: expect.stringContaining('attachments[0].path: The service fetches nothing'),
      });
      const notBase64 = await resend.emails.send({
        from: 'sender@example.com',
        to,
        ...content,
        attachments: [{ filename: 'a.txt', content: 'not base64!' }],
      });
      expect(notBase64.error).toMatchObject({
        statusCode: 422,
        name: 'validation_error',
        message: expect.stringContaining('base64'),
      });
      expect(await mailTo(to)).toHaveLength(0);
    },
  );

  it('a sender outside the account’s domains is 403 validation_error', async () => {
    const sent = await resend.emails.send({ from: 'someone@elsewhere.example', to: uniqueAddress(), ...content });
    expect(sent.error).toMatchObject({ statusCode: 403, name: 'validation_error' });
  });
});

describe('custom headers', () => {
  it('`headers` arrive in the SES call and on an SMTP relay’s received mail, sent at once and batched', async () => {
    const to = uniqueAddress('headers');
    const sent = await resend.emails.send({
      from: 'sender@example.com',
      to,
      ...content,
      headers: { 'X-Entity-Ref-ID': '123' },
    });
    expect(sent.error).toBeNull();
    const [mail] = await mailTo(to);
    expect(mail.headers).toContainEqual({ name: 'X-Entity-Ref-ID', value: '123' });

    const sink = await startSmtpSink();
    try {
      const { apiKey: relayKey } = await newAccount('Resend over SMTP');
      await client(service, relayKey).post('/api/v1/providers', {
        type: 'smtp',
        name: 'Relay',
        from_email: 'relay@example.org',
        host: '127.0.0.1',
        port: sink.port,
        secure: false,
      });
      const relayed = new Resend(relayKey);
      expect(
        (
          await relayed.emails.send({
            from: 'relay@example.org',
            to: uniqueAddress(),
            ...content,
            headers: { 'X-Entity-Ref-ID': 'smtp-1' },
          })
        ).error,
      ).toBeNull();
      expect((await simpleParser(sink.received[0].raw)).headers.get('x-entity-ref-id')).toBe('smtp-1');
      expect(
        (
          await relayed.batch.send([
            {
              from: 'relay@example.org',
              to: uniqueAddress(),
              ...content,
              headers: { 'X-Entity-Ref-ID': 'smtp-batch' },
            },
          ])
        ).error,
      ).toBeNull();
      await drainOnce();
      expect((await simpleParser(sink.received[1].raw)).headers.get('x-entity-ref-id')).toBe('smtp-batch');
    } finally {
      await sink.close();
    }
  });
});

describe('attachments', () => {
  it(
    'a Buffer (the SDK encodes it as base64) and a base64 string arrive byte for byte in the SES mailbox, with ' +
      'their content types',
    async () => {
      const to = uniqueAddress('files');
      const binary = randomBytes(64 * 1024);
      const sent = await resend.emails.send({
        from: 'sender@example.com',
        to,
        ...content,
        attachments: [
          { filename: 'data.bin', content: binary },
          { filename: 'note.txt', content: Buffer.from('hello').toString('base64'), contentType: 'text/plain' },
        ],
      });
      expect(sent.error).toBeNull();
      const [mail] = (await mailTo(to)) as unknown as {
        attachments: { filename: string; content: string; contentType: string }[];
      }[];
      const files = mail.attachments.map((file) => ({
        filename: file.filename,
        contentType: file.contentType,
        sha256: sha256(Buffer.from(file.content, 'base64')),
      }));
      expect(files).toEqual([
        { filename: 'data.bin', contentType: 'application/octet-stream', sha256: sha256(binary) },
        { filename: 'note.txt', contentType: 'text/plain', sha256: sha256(Buffer.from('hello')) },
      ]);
    },
  );
});

describe('scheduling', () => {
  it(
    'scheduledAt is our scheduled send: answered an id, `scheduled`, nothing leaves; update moves its time; ' +
      'cancel ends it canceled under the same id',
    async () => {
      const to = uniqueAddress('sched');
      const at = new Date(Date.now() + 3_600_000);
      const scheduled = await resend.emails.send({
        from: 'sender@example.com',
        to,
        ...content,
        scheduledAt: at.toISOString(),
      });
      expect(scheduled.error).toBeNull();
      const id = scheduled.data!.id;
      expect(id).toMatch(UUID);
      const got = await resend.emails.get(id);
      expect(got.data).toMatchObject({ id, last_event: 'scheduled', scheduled_at: expect.any(String) });
      const native1 = await native.get(`/api/v1/mail/status/${id}`);
      expect(native1.body.data.message.status).toBe('scheduled');

      // update is our reschedule: the same id, the new time; the time rules of a send.
      const later = new Date(Date.now() + 7_200_000);
      const update = await resend.emails.update({ id, scheduledAt: later.toISOString() });
      expect(update).toMatchObject({ data: { object: 'email', id }, error: null });
      expect((await native.get(`/api/v1/mail/status/${id}`)).body.data.message).toMatchObject({
        status: 'scheduled',
        scheduled_at: later.toISOString().slice(0, -1),
      });
      const tooLate = await resend.emails.update({
        id,
        scheduledAt: new Date(Date.now() + 31 * 86_400_000).toISOString(),
      });
      expect(tooLate.error).toMatchObject({
        statusCode: 422,
        name: 'validation_error',
        message: expect.stringContaining('at most 30 days ahead'),
      });
      expect(
        (await resend.emails.update({ id: crypto.randomUUID(), scheduledAt: later.toISOString() })).error,
      ).toMatchObject({ statusCode: 404, name: 'not_found' });

      const cancel = await resend.emails.cancel(id);
      expect(cancel).toMatchObject({ data: { object: 'email', id }, error: null });
      expect((await resend.emails.get(id)).data).toMatchObject({ id, last_event: 'canceled' });
      await drainOnce();
      expect(await mailTo(to)).toHaveLength(0);

      // Twice, or once sent: Resend's validation_error; an unknown id not_found; a date in the past refused.
      expect((await resend.emails.cancel(id)).error).toMatchObject({
        statusCode: 422,
        name: 'validation_error',
        message: expect.stringContaining('cancelled'),
      });
      const sent = await resend.emails.send({ from: 'sender@example.com', to, ...content });
      expect((await resend.emails.cancel(sent.data!.id)).error).toMatchObject({
        statusCode: 422,
        name: 'validation_error',
      });
      expect((await resend.emails.update({ id: sent.data!.id, scheduledAt: at.toISOString() })).error).toMatchObject({
        statusCode: 422,
        name: 'validation_error',
        message: expect.stringContaining('only a scheduled message can be rescheduled'),
      });
      expect((await resend.emails.update({ id, scheduledAt: at.toISOString() })).error).toMatchObject({
        statusCode: 422,
        message: expect.stringContaining('cancelled'),
      });
      expect((await resend.emails.cancel(crypto.randomUUID())).error).toMatchObject({
        statusCode: 404,
        name: 'not_found',
      });
      const past = await resend.emails.send({
        from: 'sender@example.com',
        to,
        ...content,
        scheduledAt: new Date(Date.now() - 60_000).toISOString(),
      });
      expect(past.error).toMatchObject({
        statusCode: 422,
        name: 'validation_error',
        message: expect.stringContaining('scheduled_at must be in the future'),
      });
    },
  );
});

describe('emails.get and emails.list', () => {
  it('an unknown id, and another account’s, are not_found', async () => {
    expect((await resend.emails.get(crypto.randomUUID())).error).toMatchObject({ statusCode: 404, name: 'not_found' });
    const mine = await resend.emails.send({ from: 'sender@example.com', to: uniqueAddress(), ...content });
    const someoneElse = new Resend((await newAccount('Other')).apiKey);
    expect((await someoneElse.emails.get(mine.data!.id)).error).toMatchObject({ statusCode: 404, name: 'not_found' });
  });

  it(
    'list is the message log, newest first, in Resend’s list shape, paged by email ids: `after` the last of a ' +
      'page, `before` the first; another account sees none',
    async () => {
      const { apiKey: ownKey } = await newAccount('Lister');
      expect(
        (
          await client(service, ownKey).post('/api/v1/providers', {
            type: 'ses',
            name: 'SES',
            from_email: 'sender@example.com',
            region: 'us-east-1',
          })
        ).status,
      ).toBe(201);
      const owner = new Resend(ownKey);
      const ids: string[] = [];
      for (const label of ['one', 'two', 'three', 'four'])
        ids.push(
          (await owner.emails.send({ from: 'sender@example.com', to: uniqueAddress(label), ...content })).data!.id,
        );
      const idsOf = (page: Awaited<ReturnType<typeof owner.emails.list>>) => page.data!.data.map((email) => email.id);

      const first = await owner.emails.list({ limit: 2 });
      expect(first.error).toBeNull();
      expect(first.data).toEqual({ object: 'list', has_more: true, data: expect.any(Array) });
      expect(idsOf(first)).toEqual([ids[3], ids[2]]);
      expect(first.data!.data[0]).toMatchObject({
        object: 'email',
        from: 'sender@example.com',
        subject: content.subject,
        last_event: expect.any(String),
      });
      const second = await owner.emails.list({ limit: 2, after: ids[2] });
      expect([idsOf(second), second.data!.has_more]).toEqual([[ids[1], ids[0]], false]);
      expect([
        idsOf(await owner.emails.list({ limit: 2, after: ids[3] })),
        (await owner.emails.list({ limit: 2, after: ids[3] })).data!.has_more,
      ]).toEqual([[ids[2], ids[1]], true]);
      // Backwards: the emails just newer than the anchor, still newest first.
      const back = await owner.emails.list({ limit: 2, before: ids[0] });
      expect([idsOf(back), back.data!.has_more]).toEqual([[ids[2], ids[1]], true]);
      const top = await owner.emails.list({ limit: 2, before: ids[1] });
      expect([idsOf(top), top.data!.has_more]).toEqual([[ids[3], ids[2]], false]);
      expect((await owner.emails.list({ before: ids[3] })).data).toEqual({ object: 'list', has_more: false, data: [] });

      // An id that is no email of the account (another account's too), or not an id: Resend's 422 naming the parameter.
      const foreign = (await resend.emails.send({ from: 'sender@example.com', to: uniqueAddress(), ...content })).data!
        .id;
      for (const after of [crypto.randomUUID(), foreign, 'not-an-id']) {
        expect((await owner.emails.list({ after })).error).toMatchObject({
          statusCode: 422,
          name: 'validation_error',
          message: expect.stringContaining('after'),
        });
      }
      expect((await owner.emails.list({ before: crypto.randomUUID() })).error).toMatchObject({
        statusCode: 422,
        message: expect.stringContaining('before'),
      });
      const both = await owner.get(`/emails?after=${ids[0]}&before=${ids[1]}`);
      expect(both.error).toMatchObject({
        statusCode: 422,
        name: 'validation_error',
        message: expect.stringContaining('either after or before'),
      });
      expect((await new Resend((await newAccount('Empty')).apiKey).emails.list()).data).toEqual({
        object: 'list',
        has_more: false,
        data: [],
      });
    },
  );
});

describe('batch.send', () => {
  it('queues every email (our batch: drained at the provider rate) and answers their ids in order', async () => {
    const [a, b] = [uniqueAddress('ba'), uniqueAddress('bb')];
    const batch = await resend.batch.send([
      { from: 'Shop <sender@example.com>', to: a, ...content, tags: [{ name: 'n', value: '1' }] },
      { from: 'sender@example.com', to: [b], subject: 'Second', text: 'Two' },
    ]);
    expect(batch.error).toBeNull();
    expect(batch.data!.data).toHaveLength(2);
    const [first, second] = batch.data!.data.map((entry) => entry.id);
    expect(first).toMatch(UUID);
    expect((await resend.emails.get(first)).data).toMatchObject({
      to: [a],
      last_event: 'queued',
      tags: [{ name: 'n', value: '1' }],
    });

    await drainOnce();
    expect((await mailTo(a))[0].subject).toBe('Hello from Resend');
    expect((await mailTo(b))[0].subject).toBe('Second');
    expect((await native.get(`/api/v1/mail/status/${second}`)).body.data.message.status).toBe('sent');
    // Each email's body as it was sent (before tracking), kept: emails.get answers it in the SDK's `html`, `text`.
    expect((await resend.emails.get(first)).data).toMatchObject({ html: content.html, text: content.text });
    expect((await resend.emails.get(second)).data).toMatchObject({ subject: 'Second', html: null, text: 'Two' });
  });

  it(
    'strict (the default) refuses the whole batch for one bad email, naming it; permissive queues the others and ' +
      'lists the errors',
    async () => {
      const good = uniqueAddress('good');
      const strict = await resend.batch.send([
        { from: 'sender@example.com', to: good, ...content },
        { from: 'sender@example.com', to: 'bad', ...content },
      ]);
      expect(strict.error).toMatchObject({
        statusCode: 422,
        name: 'validation_error',
        message: expect.stringContaining('[1]'),
      });

      const permissive = await resend.batch.send(
        [
          { from: 'sender@example.com', to: good, ...content },
          { from: 'sender@example.com', to: 'bad', ...content },
        ],
        { batchValidation: 'permissive' },
      );
      expect(permissive.error).toBeNull();
      expect(permissive.data!.data).toHaveLength(1);
      expect(permissive.data!.errors).toEqual([{ index: 1, message: expect.stringContaining('to') }]);
    },
  );
});

describe('keys and permissions', () => {
  it('a key without the mail permission is restricted_api_key; an unknown key invalid_api_key', async () => {
    const restricted = new Resend(await keyWith(accountId, ['subscribers']));
    const sent = await restricted.emails.send({ from: 'sender@example.com', to: uniqueAddress(), ...content });
    expect(sent.error).toMatchObject({
      statusCode: 401,
      name: 'restricted_api_key',
      message: expect.stringContaining('mail'),
    });
    const unknown = await new Resend('re_not_a_key').emails.send({
      from: 'sender@example.com',
      to: uniqueAddress(),
      ...content,
    });
    expect(unknown.error).toMatchObject({ statusCode: 403, name: 'invalid_api_key' });
  });

  it('no key is missing_api_key; past the key’s limit, rate_limit_exceeded with Resend’s headers', async () => {
    const none = await resend.post(
      '/emails',
      { from: 'sender@example.com', to: uniqueAddress(), ...content },
      { headers: { Authorization: '' } },
    );
    expect(none.error).toMatchObject({ statusCode: 401, name: 'missing_api_key' });
    const limited = new Resend(await keyWith(accountId, ['mail'], 1));
    await awayFromMinuteEnd();
    expect((await limited.emails.get(crypto.randomUUID())).error).toMatchObject({ statusCode: 404 });
    const over = await limited.emails.get(crypto.randomUUID());
    expect(over.error).toMatchObject({ statusCode: 429, name: 'rate_limit_exceeded' });
    expect(over.headers).toMatchObject({
      'ratelimit-limit': '1',
      'ratelimit-remaining': '0',
      'retry-after': expect.stringMatching(/^\d+$/),
    });
  });

  it('api keys round trip: a sending_access key sends, cannot list keys; list shows it, remove revokes', async () => {
    const created = await resend.apiKeys.create({ name: 'sending', permission: 'sending_access' });
    expect(created.error).toBeNull();
    expect(created.data).toEqual({ id: expect.any(String), token: expect.any(String) });
    const listed = await resend.apiKeys.list();
    expect(listed.data).toMatchObject({ object: 'list', has_more: false });
    expect(listed.data!.data).toContainEqual({
      id: created.data!.id,
      name: 'sending',
      created_at: expect.any(String),
      last_used_at: null,
    });

    const sender = new Resend(created.data!.token);
    expect(
      (await sender.emails.send({ from: 'sender@example.com', to: uniqueAddress(), ...content })).error,
    ).toBeNull();
    expect((await sender.apiKeys.list()).error).toMatchObject({ statusCode: 401, name: 'restricted_api_key' });
    // The native view of the same key: `mail` only.
    const nativeKeys = await native.get('/api/v1/api-keys');
    expect(nativeKeys.body.data.api_keys.find((k: { id: string }) => k.id === created.data!.id).permissions).toEqual([
      'mail',
    ]);

    expect((await resend.apiKeys.remove(created.data!.id)).data).toEqual({
      object: 'api_key',
      id: created.data!.id,
      deleted: true,
    });
    expect((await resend.apiKeys.list()).data!.data.map((k) => k.id)).not.toContain(created.data!.id);
    // Removed already: gone, as an unknown one.
    expect((await resend.apiKeys.remove(created.data!.id)).error).toMatchObject({ statusCode: 404, name: 'not_found' });
    expect((await resend.apiKeys.remove(crypto.randomUUID())).error).toMatchObject({
      statusCode: 404,
      name: 'not_found',
    });
  });
});

describe('domains', () => {
  it('create, get, list, verify, remove: Resend’s shapes over the native domains', async () => {
    // An account of its own: a domain changes its sending rule.
    const owner = new Resend((await newAccount('Resend domains')).apiKey);
    const name = `brand-${Math.random().toString(36).slice(2, 10)}.example`;
    const created = await owner.domains.create({ name });
    expect(created.error).toBeNull();
    expect(created.data).toMatchObject({
      object: 'domain',
      name,
      // Resend's word for a domain nothing has looked for yet.
      status: 'not_started',
      region: 'us-east-1',
      capabilities: { sending: 'enabled', receiving: 'disabled' },
    });
    const dkim = created.data!.records.filter((r) => r.record === 'DKIM');
    expect(dkim).toHaveLength(3);
    expect(dkim[0]).toMatchObject({ type: 'CNAME', ttl: 'Auto', status: 'not_started' });
    const id = created.data!.id;

    expect((await owner.domains.get(id)).data).toMatchObject({ object: 'domain', id, name });
    const listed = await owner.domains.list();
    expect(listed.data).toEqual({
      object: 'list',
      has_more: false,
      data: [expect.objectContaining({ id, name, object: 'domain' })],
    });
    expect(listed.data!.data[0]).not.toHaveProperty('records');

    for (const r of dkim) dns.publish(r.name, { type: 'CNAME', value: r.value });
    const verified = await owner.domains.verify(id);
    expect(verified.error).toBeNull();
    // Resend's verify answers {object, id}; ours is the whole domain, as get answers it.
    expect(verified.data).toMatchObject({ object: 'domain', id });
    const checked = await owner.domains.get(id);
    expect(checked.data!.records.filter((r) => r.record === 'DKIM').map((r) => r.status)).toEqual([
      'verified',
      'verified',
      'verified',
    ]);

    expect((await owner.domains.remove(id)).data).toEqual({ object: 'domain', id, deleted: true });
    expect((await owner.domains.get(id)).error).toMatchObject({ statusCode: 404, name: 'not_found' });
    // A removed domain is no place in the list any more.
    expect((await owner.domains.list({ after: id })).error).toMatchObject({
      statusCode: 422,
      name: 'validation_error',
    });
  });
});

/** The SDK's own status types, from the answer of `domains.get`. */
type SdkDomain = NonNullable<Awaited<ReturnType<Resend['domains']['get']>>['data']>;
type SdkDomainStatus = SdkDomain['status'];
type SdkRecordStatus = SdkDomain['records'][number]['status'];

describe('domain states', () => {
  it('get and verify name one state in the SDK’s words: not_started before any check, then what it found', async () => {
    const owner = new Resend((await newAccount('Resend domain states')).apiKey);
    const name = `states-${Math.random().toString(36).slice(2, 10)}.example`;
    const created = (await owner.domains.create({ name })).data as unknown as SdkDomain;
    const states = (domain: SdkDomain) => ({
      status: domain.status,
      records: domain.records.map((record) => [record.record, record.status]),
    });
    // Typed as the SDK types them: a word outside its unions would not compile here.
    const words = (domain: SdkDomain): [SdkDomainStatus, SdkRecordStatus[]] => [
      domain.status,
      domain.records.map((record) => record.status),
    ];
    expect(words(created)).toEqual(['not_started', created.records.map(() => 'not_started')]);
    const before = (await owner.domains.get(created.id)).data!;
    expect(states(before)).toEqual(states(created));

    // Nothing published: verify looks, finds nothing, and says it is still looking; get says the same.
    const verified = (await owner.domains.verify(created.id)).data as unknown as SdkDomain;
    expect(words(verified)).toEqual(['pending', created.records.map(() => 'pending')]);
    expect(states((await owner.domains.get(created.id)).data!)).toEqual(states(verified));

    // DKIM published: those records verify, on both.
    for (const record of created.records.filter((r) => r.record === 'DKIM'))
      dns.publish(record.name, { type: 'CNAME', value: record.value });
    const again = (await owner.domains.verify(created.id)).data as unknown as SdkDomain;
    expect(again.records.filter((r) => r.record === 'DKIM').map((r) => r.status)).toEqual([
      'verified',
      'verified',
      'verified',
    ]);
    expect(states((await owner.domains.get(created.id)).data!)).toEqual(states(again));
    await owner.domains.remove(created.id);
  });
});

describe('paging domains and API keys by id', () => {
  it(
    'domains in the order of their ids, keys newest first: `after` and `before` name an item of the list, ' +
      'has_more says whether more lie beyond',
    async () => {
      const { apiKey: ownKey } = await newAccount('Resend paging');
      const owner = new Resend(ownKey);
      const domains: string[] = [];
      for (let i = 0; i < 3; i++)
        domains.push(
          (await owner.domains.create({ name: `page-${i}-${Math.random().toString(36).slice(2, 8)}.example` })).data!
            .id,
        );
      domains.sort();
      const domainIds = async (options: Parameters<typeof owner.domains.list>[0]) => {
        const page = (await owner.domains.list(options)).data!;
        return [page.data.map((domain) => domain.id), page.has_more];
      };
      expect(await domainIds({ limit: 2 })).toEqual([[domains[0], domains[1]], true]);
      expect(await domainIds({ limit: 2, after: domains[1] })).toEqual([[domains[2]], false]);
      expect(await domainIds({ limit: 1, before: domains[2] })).toEqual([[domains[1]], true]);
      expect(await domainIds({ limit: 2, before: domains[2] })).toEqual([[domains[0], domains[1]], false]);
      expect((await owner.domains.list({ after: crypto.randomUUID() })).error).toMatchObject({
        statusCode: 422,
        name: 'validation_error',
        message: expect.stringContaining('after'),
      });

      const keys: string[] = [];
      for (const name of ['k1', 'k2', 'k3']) keys.push((await owner.apiKeys.create({ name })).data!.id);
      const all = (await owner.apiKeys.list()).data!.data.map((key) => key.id);
      // Newest first: the three made here, then the account's first key.
      expect(all.slice(0, 3)).toEqual([...keys].reverse());
      const keyIds = async (options: Parameters<typeof owner.apiKeys.list>[0]) => {
        const page = (await owner.apiKeys.list(options)).data!;
        return [page.data.map((key) => key.id), page.has_more];
      };
      expect(await keyIds({ limit: 2 })).toEqual([[all[0], all[1]], true]);
      expect(await keyIds({ limit: 2, after: all[1] })).toEqual([[all[2], all[3]], false]);
      expect(await keyIds({ limit: 1, before: all[2] })).toEqual([[all[1]], true]);
      expect((await owner.apiKeys.list({ before: crypto.randomUUID() })).error).toMatchObject({
        statusCode: 422,
        name: 'validation_error',
        message: expect.stringContaining('before'),
      });
    },
  );
});
