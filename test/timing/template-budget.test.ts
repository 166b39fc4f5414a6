import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runJobs } from '../support/jobs';
import { mailTo } from '../support/mailbox';
import { client, keyWith, uniqueAddress, type ApiAnswer, type Client } from '../support/service';
import { startTrackedService } from '../support/tracked-service';

/**
 * Issue 35: templates whose sections multiply work (the same name nested, names nested, wide
 * sections, a big value repeated) stop at the render budget or the size limit while they render, on
 * every path, answering within 2 s, while GET /health, probed back to back meanwhile, keeps answering
 * within 1 s. Before, such renders took seconds to minutes of one thread, or died of heap. A timing
 * test: it runs in the group after the service tests (vitest.config.ts), so no other file's load skews it.
 */
let tracked: Awaited<ReturnType<typeof startTrackedService>>;
let api: Client;
let apiKey: string;

beforeAll(async () => {
  tracked = await startTrackedService();
  apiKey = await keyWith(tracked.accountId, ['mail', 'subscribers', 'campaigns', 'admin'], 100_000);
  api = client(tracked.service, apiKey);
});
afterAll(async () => tracked.close());

const items = (count: number) => Array.from({ length: count }, (_, i) => i + 1);
/** `{{#a}}` nested `depth` times around `inner`. */
const nested = (names: string[], inner = '') =>
  `${names.map((n) => `{{#${n}}}`).join('')}${inner}${[...names]
    .reverse()
    .map((n) => `{{/${n}}}`)
    .join('')}`;

const newTemplate = async (body: Record<string, unknown>) => {
  const answer = await api.post('/api/v1/templates', { name: 'Costly', subject: 'Hello', ...body });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.data.id as string;
};

/**
 * The request's answer and time, and the slowest of the GET /health probes sent one after another
 * while it ran (one of them is in flight whenever the process is busy, so a render holding the
 * thread shows as a slow probe).
 */
const whileProbingHealth = async (request: () => Promise<ApiAnswer>) => {
  let done = false;
  let slowestHealthMs = 0;
  let probes = 0;
  const probing = (async () => {
    while (!done) {
      const started = performance.now();
      const health = await fetch(`${tracked.service.baseUrl}/api/v1/health`);
      expect(health.status).toBe(200);
      await health.arrayBuffer();
      slowestHealthMs = Math.max(slowestHealthMs, performance.now() - started);
      probes++;
    }
  })();
  const started = performance.now();
  const answer = await request().finally(() => (done = true));
  const ms = performance.now() - started;
  await probing;
  return { answer, ms, slowestHealthMs, probes };
};

const expectBounded = (run: Awaited<ReturnType<typeof whileProbingHealth>>) => {
  expect(run.ms, 'the costly request answers within 2 s').toBeLessThan(2000);
  expect(run.probes).toBeGreaterThan(0);
  expect(run.slowestHealthMs, 'GET /health keeps answering within 1 s').toBeLessThan(1000);
};

describe('templates that multiply work', () => {
  it('stop the preview: one name nested in html, 150 items, is 422 TEMPLATE_TOO_COSTLY naming its part', async () => {
    const id = await newTemplate({ html: `x${nested(['a', 'a', 'a', 'a'])}` });
    const run = await whileProbingHealth(() =>
      api.post(`/api/v1/templates/${id}/render`, { variables: { a: items(150) } }),
    );
    expect(run.answer.status, JSON.stringify(run.answer.body)).toBe(422);
    expect(run.answer.body.error).toMatchObject({
      code: 'TEMPLATE_TOO_COSTLY',
      details: [{ field: 'html', message: expect.stringContaining('stopped') }],
    });
    expectBounded(run);
  });

  it('stop a send: different names nested in text, 7 deep of 20 items, is 422 and nothing is sent', async () => {
    const names = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];
    const id = await newTemplate({ text: nested(names, '-') });
    const to = uniqueAddress('costly');
    const variables = Object.fromEntries(names.map((n) => [n, items(20)]));
    const run = await whileProbingHealth(() => api.post('/api/v1/mail/send', { to, template_id: id, variables }));
    expect(run.answer.status, JSON.stringify(run.answer.body)).toBe(422);
    expect(run.answer.body.error).toMatchObject({ code: 'TEMPLATE_TOO_COSTLY', details: [{ field: 'text' }] });
    expectBounded(run);
    expect(
      (await api.get('/api/v1/mail?limit=100')).body.data.messages.filter(
        (m: { to_email: string }) => m.to_email === to,
      ),
    ).toEqual([]);
  });

  it('stop a send at the size limit while it renders: a 16 KiB value repeated 250,000 times is a 400', async () => {
    const id = await newTemplate({ html: '<p>{{b}}</p>', text: nested(['a', 'a'], '{{{b}}}') });
    const variables = { a: items(500), b: 'y'.repeat(16 * 1024) };
    const run = await whileProbingHealth(() =>
      api.post('/api/v1/mail/send', { to: uniqueAddress('big'), template_id: id, variables }),
    );
    expect(run.answer.status, JSON.stringify(run.answer.body).slice(0, 500)).toBe(400);
    expect(run.answer.body.error).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [{ field: 'text', message: 'html and text together may be at most 512 KiB' }],
    });
    expectBounded(run);
  });

  it("share a budget among a batch's items: wide sections fail each item alone, a cheap item still goes", async () => {
    const id = await newTemplate({ html: '{{#a}}{{/a}}'.repeat(20_000) });
    const cheap = await newTemplate({ text: 'Hi {{name}}' });
    const to = uniqueAddress('wide');
    const messages = [
      ...Array.from({ length: 10 }, () => ({
        to: uniqueAddress('wide'),
        template_id: id,
        variables: { a: items(5000) },
      })),
      { to, template_id: cheap, variables: { name: 'Ann' } },
    ];
    const run = await whileProbingHealth(() => api.post('/api/v1/mail/send-batch', { messages }));
    expect(run.answer.status, JSON.stringify(run.answer.body).slice(0, 500)).toBe(200);
    const results = run.answer.body.data.messages as { status: string; error?: { code: string } }[];
    expect(results.slice(0, 10).map((r) => r.error?.code)).toEqual(Array(10).fill('TEMPLATE_TOO_COSTLY'));
    expect(results[10]).toMatchObject({ status: 'queued' });
    expectBounded(run);
  });

  it("stop Resend's send: the same name nested in the subject is its 422 validation_error", async () => {
    const id = await newTemplate({ subject: `Hi ${nested(['a', 'a', 'a', 'a'])}`, text: 'x' });
    const run = await whileProbingHealth(async () => {
      const response = await fetch(`${tracked.service.baseUrl}/resend/emails`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({
          from: 'news@example.com',
          to: uniqueAddress('resend'),
          template: { id, variables: { a: items(150) } },
        }),
      });
      return { status: response.status, headers: response.headers, body: await response.json() };
    });
    expect(run.answer.status, JSON.stringify(run.answer.body)).toBe(422);
    expect(run.answer.body).toMatchObject({ name: 'validation_error', message: expect.stringContaining('subject') });
    expectBounded(run);
  });

  it("fail a campaign with the reason when its readers' rendering would cost too much, sending nothing", async () => {
    const list = (await api.post('/api/v1/lists', { name: 'Costly list' })).body.data;
    const reader = uniqueAddress('reader');
    expect((await api.post('/api/v1/subscribers', { email: reader, list_id: list.id, name: 'Reader' })).status).toBe(
      201,
    );
    const id = await newTemplate({
      subject: 'News for {{name}}',
      html: `<p>{{name}}</p>${nested(['a', 'a', 'a', 'a'], '.')}`,
    });
    const campaign = await api.post('/api/v1/campaigns', {
      name: 'Costly',
      template_id: id,
      variables: { a: items(150) },
      list_id: list.id,
    });
    expect(campaign.status, JSON.stringify(campaign.body)).toBe(201);
    expect((await api.post(`/api/v1/campaigns/${campaign.body.data.id}/send`, {})).status).toBe(202);
    const started = performance.now();
    await runJobs();
    expect(performance.now() - started).toBeLessThan(2000);
    const done = (await api.get(`/api/v1/campaigns/${campaign.body.data.id}`)).body.data;
    expect(done).toMatchObject({ status: 'failed', failure_reason: expect.stringContaining('could not be rendered') });
    expect(await mailTo(reader)).toEqual([]);
  });
});

describe('the text part made from html', () => {
  it(
    'is made from deeply nested html without overflowing the stack (5,000 nested tags were a 500), and left out ' +
      'past its limits',
    async () => {
      const nestedHtml = await newTemplate({ html: `<p>Hello</p>${'<div>'.repeat(5_000)}` });
      const preview = await api.post(`/api/v1/templates/${nestedHtml}/render`, {});
      expect(preview.status, JSON.stringify(preview.body).slice(0, 300)).toBe(200);
      expect(preview.body.data.text).toContain('Hello');
      const sent = await api.post('/api/v1/mail/send', {
        to: uniqueAddress('divs'),
        template_id: nestedHtml,
        track_opens: false,
        track_clicks: false,
      });
      expect(sent.status, JSON.stringify(sent.body).slice(0, 300)).toBe(200);
      // 20,000 tags: past what converts within about 100 ms, so the mail is html only (as a campaign's is).
      const big = await newTemplate({ html: '<div>'.repeat(20_000) });
      const bigPreview = await api.post(`/api/v1/templates/${big}/render`, {});
      expect(bigPreview.status, JSON.stringify(bigPreview.body).slice(0, 300)).toBe(200);
      expect(bigPreview.body.data.text).toBeNull();
    },
  );
});

describe('the preview and the send agree', () => {
  it('fold a line break a raw value brings into the subject, in the preview and the mail alike', async () => {
    const id = await newTemplate({ subject: 'Hi {{{name}}}', text: 'Hello' });
    const variables = { name: 'a\r\nBcc: x@example.com' };
    const preview = await api.post(`/api/v1/templates/${id}/render`, { variables });
    expect(preview.status).toBe(200);
    expect(preview.body.data.subject).toBe('Hi a Bcc: x@example.com');
    const to = uniqueAddress('agree');
    const sent = await api.post('/api/v1/mail/send', {
      to,
      template_id: id,
      variables,
      track_opens: false,
      track_clicks: false,
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect((await mailTo(to))[0].subject).toBe(preview.body.data.subject);
  });

  it('refuse in the preview what the send refuses: an empty subject, one past 998 characters, no body', async () => {
    const id = await newTemplate({ subject: '{{s}}', text: '{{t}}' });
    for (const [variables, field] of [
      [{ s: '', t: 'x' }, 'subject'],
      [{ s: 'y'.repeat(999), t: 'x' }, 'subject'],
      [{ s: 'Hi', t: '' }, 'html'],
    ] as const) {
      const preview = await api.post(`/api/v1/templates/${id}/render`, { variables });
      const send = await api.post('/api/v1/mail/send', { to: uniqueAddress('agree'), template_id: id, variables });
      expect([preview.status, send.status], JSON.stringify([preview.body, send.body])).toEqual([400, 400]);
      expect(preview.body.error.details[0].field).toBe(field);
      expect(send.body.error.details[0].field).toBe(field);
    }
  });
});

describe('values are read as the JSON they are', () => {
  it(
    'never calls a built-in a name reaches through the prototype (Mustache answered 500 for ' +
      '`{{__defineGetter__}}`)',
    async () => {
      // Top-level names must be given (own keys), so a section's item is where such a name was reached.
      const id = await newTemplate({
        subject: 'Hi {{name}}',
        text: '{{#items}}{{__defineGetter__}}{{constructor}}{{pop}}{{.}};{{/items}}',
      });
      const preview = await api.post(`/api/v1/templates/${id}/render`, {
        variables: { name: 'Ann', items: [[1, 2], [3]] },
      });
      expect(preview.status, JSON.stringify(preview.body)).toBe(200);
      expect(preview.body.data).toEqual({ subject: 'Hi Ann', html: null, text: '1,2;3;' });
    },
  );
});
