import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runJobs } from '../support/jobs';
import { resendClient } from '../support/resend-account';
import { client, newAccount, startService, uniqueAddress, type Client, type TestService } from '../support/service';

let service: TestService;
let api: Client;
let apiKey: string;

beforeAll(async () => {
  service = await startService();
  // Campaign mail carries unsubscribe links to this server.
  process.env.PUBLIC_BASE_URL = service.baseUrl;
  apiKey = (await newAccount('Log')).apiKey;
  api = client(service, apiKey);
  await api.post('/api/v1/providers', { type: 'ses', name: 'SES', from_email: 'log@example.com' });
});
afterAll(async () => {
  delete process.env.PUBLIC_BASE_URL;
  await service.close();
});

/** GSIs are eventually consistent: a message sent a moment ago may take that moment to be listed. */
const logOf = async (query: string, wanted: (page: { messages: { message_id: string }[] }) => boolean) => {
  for (let attempt = 0; ; attempt++) {
    const page = await api.get(`/api/v1/mail${query}`);
    expect(page.status).toBe(200);
    if (wanted(page.body.data) || attempt > 20) return page.body.data;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

describe('GET /api/v1/mail (the message log)', () => {
  it(
    'lists messages newest first with the status record, pages by cursor, and filters by status, recipient, tag ' +
      'and time (AND)',
    async () => {
      const alice = uniqueAddress('alice');
      const sent: string[] = [];
      const before = new Date();
      for (let i = 0; i < 5; i++) {
        const to = i % 2 === 0 ? alice : uniqueAddress('other');
        const answer = await api.post('/api/v1/mail/send', {
          to,
          subject: `Log ${i}`,
          text: 't',
          tags: i === 3 ? ['welcome', 'x'] : ['news'],
        });
        expect(answer.status).toBe(200);
        sent.push(answer.body.data.message_id);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      const newestFirst = [...sent].reverse();

      const all = await logOf('?limit=100', (page) => page.messages.length >= 5);
      expect(all.messages.map((m: { message_id: string }) => m.message_id)).toEqual(newestFirst);
      const status = await api.get(`/api/v1/mail/status/${encodeURIComponent(sent[4])}`);
      // The status's record without its body: the log reads no bodies.
      const { html: _html, text: _text, ...record } = status.body.data.message;
      expect(all.messages[0]).toEqual(record);
      expect(all.next_cursor).toBeNull();

      // Cursor paging: 2 + 2 + 1, nothing twice, nothing missed.
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const page: { body: { data: { messages: { message_id: string }[]; next_cursor: string | null } } } =
          await api.get(`/api/v1/mail?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
        seen.push(...page.body.data.messages.map((m) => m.message_id));
        cursor = page.body.data.next_cursor;
        pages++;
      } while (cursor);
      expect([seen, pages]).toEqual([newestFirst, 3]);

      const byRecipient = await logOf(`?recipient=${encodeURIComponent(alice.toUpperCase())}`, () => true);
      expect(byRecipient.messages.map((m: { message_id: string }) => m.message_id)).toEqual([
        sent[4],
        sent[2],
        sent[0],
      ]);
      const byTag = await logOf('?tag=welcome', () => true);
      expect(byTag.messages.map((m: { message_id: string }) => m.message_id)).toEqual([sent[3]]);
      const both = await logOf(`?tag=news&recipient=${encodeURIComponent(alice)}&status=sent&limit=2`, () => true);
      expect(both.messages.map((m: { message_id: string }) => m.message_id)).toEqual([sent[4], sent[2]]);
      expect((await logOf('?status=failed', () => true)).messages).toEqual([]);
      const future = new Date(Date.now() + 60_000).toISOString();
      expect((await logOf(`?since=${encodeURIComponent(future)}`, () => true)).messages).toEqual([]);
      const window = await logOf(
        `?since=${encodeURIComponent(before.toISOString())}&until=${encodeURIComponent(future)}`,
        () => true,
      );
      expect(window.messages).toHaveLength(5);
      expect((await logOf(`?until=${encodeURIComponent(before.toISOString())}`, () => true)).messages).toEqual([]);
    },
  );

  it('shows each message’s source: api (send, batch), resend (send, batch), campaign', async () => {
    const [native, nativeBatch, viaResend, resendBatch, reader] = ['send', 'batch', 'resend', 'rbatch', 'campaign'].map(
      (label) => uniqueAddress(`source-${label}`),
    );
    expect((await api.post('/api/v1/mail/send', { to: native, subject: 'N', text: 't' })).status).toBe(200);
    const batch = await api.post('/api/v1/mail/send-batch', {
      messages: [{ to: nativeBatch, subject: 'B', text: 't' }],
    });
    expect(batch.body.data.queued).toBe(1);
    const resend = resendClient(service, apiKey);
    const one = await resend.emails.send({ from: 'log@example.com', to: viaResend, subject: 'R', text: 't' });
    const many = await resend.batch.send([{ from: 'log@example.com', to: resendBatch, subject: 'RB', text: 't' }]);
    expect([one.error, many.error]).toEqual([null, null]);
    const list = (await api.post('/api/v1/lists', { name: 'Source list' })).body.data;
    expect((await api.post('/api/v1/subscribers', { email: reader, list_id: list.id })).status).toBe(201);
    const campaign = await api.post('/api/v1/campaigns', { name: 'Source', subject: 'C', text: 't', list_id: list.id });
    const go = await api.post(`/api/v1/campaigns/${campaign.body.data.id}/send`, {});
    expect(go.status).toBe(202);
    await runJobs();

    const sourceOf = async (recipient: string) => {
      const page = await logOf(`?recipient=${encodeURIComponent(recipient)}`, (p) => p.messages.length > 0);
      expect(page.messages).toHaveLength(1);
      const [message] = page.messages as { message_id: string; source: string }[];
      // The log and the status read the same record: the source rides it.
      const status = await api.get(`/api/v1/mail/status/${encodeURIComponent(message.message_id)}`);
      expect(status.body.data.message.source).toBe(message.source);
      return message.source;
    };
    const sources = [];
    for (const recipient of [native, nativeBatch, viaResend, resendBatch, reader])
      sources.push(await sourceOf(recipient));
    expect(sources).toEqual(['api', 'api', 'resend', 'resend', 'campaign']);
  });

  it('answers only the caller account: another account sees none of these messages', async () => {
    await api.post('/api/v1/mail/send', { to: uniqueAddress(), subject: 'mine', text: 't' });
    const other = client(service, (await newAccount('Other log')).apiKey);
    const page = await other.get('/api/v1/mail');
    expect([page.status, page.body.data]).toEqual([200, { messages: [], next_cursor: null }]);
  });

  it('refuses bad filters, a bad or foreign cursor and an empty window with 400 VALIDATION_ERROR', async () => {
    for (const query of [
      '?status=lost',
      '?recipient=nope',
      '?since=yesterday',
      '?since=2026-01-01T00:00:00',
      '?limit=0',
      '?limit=101',
      '?cursor=!!',
      '?cursor=abc',
      '?tag=',
    ]) {
      const answer = await api.get(`/api/v1/mail${query}`);
      expect([query, answer.status, answer.body.error?.code]).toEqual([query, 400, 'VALIDATION_ERROR']);
    }
    const window = await api.get('/api/v1/mail?since=2030-01-02T00:00:00Z&until=2030-01-01T00:00:00Z');
    expect(window.status).toBe(400);
    // A cursor issued for one filter is refused by another.
    for (let i = 0; i < 2; i++) await api.post('/api/v1/mail/send', { to: uniqueAddress(), subject: 'c', text: 't' });
    const first = await logOf('?limit=1', (page) => page.messages.length === 1);
    const foreign = await api.get(
      `/api/v1/mail?limit=1&status=sent&cursor=${(first as { next_cursor: string }).next_cursor}`,
    );
    expect([foreign.status, foreign.body.error.details[0].field]).toEqual([400, 'cursor']);
  });
});
