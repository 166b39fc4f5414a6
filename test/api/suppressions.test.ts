import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setClockForTests } from '../../functions/adapters/test-seams';
import { snsCertDir } from '../support/fixtures';
import { runJobs } from '../support/jobs';
import { pinClock, postFixture, receiverFixture, receiverSetup } from '../support/receivers';
import { client, newAccount, startService, uniqueAddress, type TestService } from '../support/service';

let service: TestService;
const snsCerts = snsCertDir();
beforeAll(async () => {
  process.env.SNS_CERT_DIR = snsCerts;
  service = await startService();
});
afterAll(() => service.close());
afterEach(() => setClockForTests(undefined));

/** An account with a default (SES) provider, so that a send can be tried. */
const account = async () => {
  const api = client(service, (await newAccount('Suppressions')).apiKey);
  await api.post('/api/v1/providers', { type: 'ses', name: 'SES', from_email: 'a@example.com' });
  return api;
};

const csv = async (apiKey: string, query = '') => {
  const response = await fetch(`${service.baseUrl}/api/v1/suppressions${query}`, {
    headers: { Authorization: `Bearer ${apiKey}`, Accept: 'text/csv' },
  });
  return { status: response.status, headers: response.headers, text: await response.text() };
};

describe('GET /api/v1/suppressions', () => {
  it("lists a provider's hard bounce with its reason and source", async () => {
    const s = await receiverSetup(service);
    pinClock();
    expect(
      (await postFixture(service, s, receiverFixture('sns/notification-bounce-permanent-general.v1.json'))).status,
    ).toBe(200);
    const [bounce] = (await s.api.get('/api/v1/bounces')).body.data.bounces;
    const answer = await s.api.get('/api/v1/suppressions');
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({
      suppressions: [
        { email: bounce.email, reason: 'hard_bounce', source: 'ses', created_at: expect.stringMatching(/Z$/) },
      ],
      next_cursor: null,
    });
  });

  it('tells the reasons apart, filters by one and pages by cursor', async () => {
    const api = await account();
    const manual = Array.from({ length: 7 }, (_, i) => `m${i}-${uniqueAddress()}`);
    for (const email of manual) expect((await api.post('/api/v1/suppressions', { email })).status).toBe(201);
    const complained = uniqueAddress('complained');
    await api.post('/api/v1/bounces', { email: complained, bounce_type: 'complaint' });
    const soft = uniqueAddress('soft');
    for (let i = 0; i < 3; i++) await api.post('/api/v1/bounces', { email: soft, bounce_type: 'soft' });

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: any = (await api.get(`/api/v1/suppressions?limit=4${cursor ? `&cursor=${cursor}` : ''}`)).body.data;
      expect(page.suppressions.length).toBeLessThanOrEqual(4);
      seen.push(...page.suppressions.map((s: { email: string }) => s.email));
      cursor = page.next_cursor;
    } while (cursor);
    expect(seen.sort()).toEqual([...manual, complained, soft].sort());

    const byReason = async (reason: string) =>
      (await api.get(`/api/v1/suppressions?reason=${reason}`)).body.data.suppressions;
    expect(await byReason('complaint')).toEqual([
      { email: complained, reason: 'complaint', source: 'api', created_at: expect.any(String) },
    ]);
    expect((await byReason('soft_bounce')).map((s: { email: string }) => s.email)).toEqual([soft]);
    expect(await byReason('manual')).toHaveLength(7);
    expect(await byReason('hard_bounce')).toEqual([]);
  });

  it('exports the list as CSV when asked for text/csv', async () => {
    const { apiKey } = await newAccount('Export');
    const api = client(service, apiKey);
    await api.post('/api/v1/suppressions', { email: 'a@example.com' });
    await api.post('/api/v1/suppressions', { email: 'b@example.com' });
    const answer = await csv(apiKey);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(answer.headers.get('x-next-cursor')).toBeNull();
    const lines = answer.text.trimEnd().split('\r\n');
    expect(lines[0]).toBe('email,reason,source,created_at');
    expect(lines.slice(1)).toEqual([
      expect.stringMatching(/^a@example.com,manual,api,\d{4}-/),
      expect.stringMatching(/^b@example.com,manual,api,\d{4}-/),
    ]);
  });

  it('neutralises cells a spreadsheet would run (OWASP); the exported addresses import back exactly', async () => {
    const { apiKey } = await newAccount('Formula export');
    const api = client(service, apiKey);
    // Addresses the API takes that start with a formula character, with a quote, and plain ones.
    const addresses = [
      '+1-555-0100@example.com',
      '-2+3@example.com',
      "'-x@example.com",
      "'plain@example.com",
      "o'brien@example.com",
      'z-last@example.com',
    ];
    for (const email of addresses) expect((await api.post('/api/v1/suppressions', { email })).status, email).toBe(201);
    const exported = await csv(apiKey);
    const cells = exported.text
      .trimEnd()
      .split('\r\n')
      .slice(1)
      .map((line) => line.slice(0, line.indexOf(',')));
    // In address order; `'plain` starts with a quote but no formula character, and stays as it is.
    expect(cells).toEqual([
      "''-x@example.com",
      "'plain@example.com",
      "'+1-555-0100@example.com",
      "'-2+3@example.com",
      "o'brien@example.com",
      'z-last@example.com',
    ]);
    // No cell starts with a character a spreadsheet reads as a formula.
    expect(exported.text.split(/\r\n|,/).filter((cell) => /^[=+\-@\t\r]/.test(cell))).toEqual([]);

    // Round trip: the exported email column, imported into another account's list, is the same addresses.
    const { apiKey: otherKey } = await newAccount('Formula import');
    const other = client(service, otherKey);
    const listId = (await other.post('/api/v1/lists', { name: 'Re-imported' })).body.data.id;
    const file = ['email', ...cells].join('\r\n');
    const started = await fetch(`${service.baseUrl}/api/v1/lists/${listId}/import`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${otherKey}`, 'Content-Type': 'text/csv' },
      body: file,
    });
    expect(started.status).toBe(202);
    await runJobs();
    const imported = (await other.get(`/api/v1/subscribers?list_id=${listId}&limit=100`)).body.data.subscribers.map(
      (s: { email: string }) => s.email,
    );
    expect(imported.sort()).toEqual([...addresses].sort());
  });

  it('refuses an unknown reason or a cursor it did not issue', async () => {
    const api = await account();
    expect((await api.get('/api/v1/suppressions?reason=bounce')).body.error.code).toBe('VALIDATION_ERROR');
    const bad = await api.get('/api/v1/suppressions?cursor=bm90LWEtY3Vyc29y');
    expect(bad.status).toBe(400);
    expect(bad.body.error.details[0].field).toBe('cursor');
    expect((await api.get('/api/v1/suppressions?limit=101')).status).toBe(400);
  });
});

describe('POST and DELETE /api/v1/suppressions', () => {
  it('a manual suppression blocks a send; deleting it lets the address be reached again', async () => {
    const api = await account();
    const email = `first+tag-${uniqueAddress()}`;
    const added = await api.post('/api/v1/suppressions', { email });
    expect(added.status).toBe(201);
    expect(added.body.data).toEqual({
      email,
      reason: 'manual',
      source: 'api',
      created_at: expect.stringMatching(/Z$/),
    });
    const blocked = await api.post('/api/v1/mail/send', { to: email.toUpperCase(), subject: 's', text: 't' });
    expect(blocked.status).toBe(422);
    expect(blocked.body.error.code).toBe('RECIPIENT_SUPPRESSED');

    const deleted = await api.delete(`/api/v1/suppressions/${encodeURIComponent(email)}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ success: true, message: 'Suppression deleted' });
    expect((await api.post('/api/v1/mail/send', { to: email, subject: 's', text: 't' })).status).toBe(200);
    expect((await api.get('/api/v1/suppressions')).body.data.suppressions).toEqual([]);
    expect((await api.delete(`/api/v1/suppressions/${encodeURIComponent(email)}`)).status).toBe(404);
  });

  it('keeps the reason an address already has; deleting a hard bounce keeps the bounce and the status', async () => {
    const api = await account();
    const list = (await api.post('/api/v1/lists', { name: 'L' })).body.data.id;
    const email = uniqueAddress('hard');
    const subscriber = (await api.post('/api/v1/subscribers', { email, list_id: list })).body.data.id;
    await api.post('/api/v1/bounces', { email, bounce_type: 'hard' });
    expect((await api.post('/api/v1/suppressions', { email })).body.data).toMatchObject({
      email,
      reason: 'hard_bounce',
      source: 'api',
    });
    expect((await api.delete(`/api/v1/suppressions/${encodeURIComponent(email)}`)).status).toBe(200);
    expect((await api.post('/api/v1/mail/send', { to: email, subject: 's', text: 't' })).status).toBe(200);
    expect((await api.get('/api/v1/bounces')).body.data.total).toBe(1);
    expect((await api.get(`/api/v1/subscribers/${subscriber}`)).body.data.status).toBe('bounced');
  });

  it('refuses what is not an address', async () => {
    const api = await account();
    expect((await api.post('/api/v1/suppressions', { email: 'nope' })).body.error.code).toBe('VALIDATION_ERROR');
    expect((await api.delete('/api/v1/suppressions/nope')).body.error.code).toBe('VALIDATION_ERROR');
    expect((await api.delete('/api/v1/suppressions/%E0%A4%A')).status).toBe(400);
  });

  it('another account sees nothing of it and cannot lift it', async () => {
    const owner = await account();
    const { apiKey } = await newAccount('Other');
    const other = client(service, apiKey);
    const email = uniqueAddress('private');
    await owner.post('/api/v1/suppressions', { email });
    expect((await other.get('/api/v1/suppressions')).body.data).toEqual({ suppressions: [], next_cursor: null });
    expect((await csv(apiKey)).text).toBe('email,reason,source,created_at\r\n');
    expect((await other.delete(`/api/v1/suppressions/${encodeURIComponent(email)}`)).status).toBe(404);
    expect((await owner.post('/api/v1/mail/send', { to: email, subject: 's', text: 't' })).body.error.code).toBe(
      'RECIPIENT_SUPPRESSED',
    );
  });
});
