import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setClockForTests } from '../../functions/adapters/test-seams';
import { fixtureBytes, fixtureText, manifest } from '../support/fixtures';
import { client, newAccount, startService, uniqueAddress, type Client, type TestService } from '../support/service';

let service: TestService;
beforeAll(async () => (service = await startService()));
afterAll(() => service.close());
afterEach(() => setClockForTests(undefined));

const account = async () => {
  const api = client(service, (await newAccount('Bounces')).apiKey);
  await api.post('/api/v1/providers', { type: 'ses', name: 'SES', from_email: 'a@example.com' });
  const lists = [
    (await api.post('/api/v1/lists', { name: 'A' })).body.data.id,
    (await api.post('/api/v1/lists', { name: 'B' })).body.data.id,
  ];
  return { api, lists };
};

const subscribeEverywhere = async (api: Client, lists: string[], email: string) =>
  Promise.all(
    lists.map(
      async (list_id) =>
        (await api.post('/api/v1/subscribers', { email, list_id, name: 'Sam' })).body.data.id as string,
    ),
  );

const statuses = async (api: Client, ids: string[]) =>
  Promise.all(ids.map(async (id) => (await api.get(`/api/v1/subscribers/${id}`)).body.data.status));
const report = (api: Client, email: string, bounce_type: string, extra: Record<string, unknown> = {}) =>
  api.post('/api/v1/bounces', { email, bounce_type, ...extra });

describe('POST /api/v1/bounces', () => {
  it('a hard bounce marks the address bounced in every list and suppresses it', async () => {
    const { api, lists } = await account();
    const email = uniqueAddress('hard');
    const ids = await subscribeEverywhere(api, lists, email);
    const answer = await report(api, email.toUpperCase(), 'hard', {
      bounce_subtype: 'General',
      diagnostic_code: 'smtp; 550 5.1.1 user unknown',
    });
    expect(answer.status).toBe(201);
    expect(answer.body.data).toEqual({ bounce_id: expect.any(Number) });
    expect(await statuses(api, ids)).toEqual(['bounced', 'bounced']);
    expect((await api.post('/api/v1/mail/send', { to: email, subject: 's', text: 't' })).body.error.code).toBe(
      'RECIPIENT_SUPPRESSED',
    );
    const listed = (await api.get('/api/v1/bounces')).body.data;
    expect(listed).toMatchObject({ total: 1, limit: 20, offset: 0 });
    expect(listed.bounces[0]).toEqual({
      id: answer.body.data.bounce_id,
      email: email.toUpperCase(),
      bounce_type: 'hard',
      bounce_subtype: 'General',
      source: 'api',
      campaign_name: '',
      subscriber_name: 'Sam',
      created_at: expect.stringMatching(/Z$/),
    });
    expect(listed.bounces[0]).not.toHaveProperty('diagnostic_code');
  });

  it('the third consecutive soft bounce counts as hard; a delivery in between resets the count', async () => {
    const { api, lists } = await account();
    const email = 'ben.oduya@example.com';
    const mailgun = (
      await api.post('/api/v1/providers', {
        type: 'smtp',
        name: 'Mailgun',
        from_email: 'a@example.com',
        host: 'smtp.mailgun.org',
        port: 587,
        events: { source: 'mailgun', signing_key: fixtureText('mailgun/signing-key.txt').trim() },
      })
    ).body.data.id;
    const ids = await subscribeEverywhere(api, lists, email);
    await report(api, email, 'soft');
    await report(api, email, 'soft');
    expect(await statuses(api, ids)).toEqual(['subscribed', 'subscribed']);
    // Mailgun reports a delivery to the address (a signed fixture, fresh at the reference time).
    setClockForTests(() => new Date((manifest.ref_time + 30) * 1000));
    const delivered = await fetch(`${service.baseUrl}/api/v1/webhooks/mailgun?provider_id=${mailgun}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: fixtureBytes('mailgun/delivered.json'),
    });
    expect(delivered.status).toBe(200);
    await report(api, email, 'soft');
    await report(api, email, 'soft');
    expect(await statuses(api, ids)).toEqual(['subscribed', 'subscribed']);
    expect((await api.post('/api/v1/mail/send', { to: email, subject: 's', text: 't' })).status).toBe(200);
    await report(api, email, 'soft');
    expect(await statuses(api, ids)).toEqual(['bounced', 'bounced']);
    expect((await api.post('/api/v1/mail/send', { to: email, subject: 's', text: 't' })).body.error.code).toBe(
      'RECIPIENT_SUPPRESSED',
    );
  });

  it('a complaint unsubscribes the address everywhere and suppresses it', async () => {
    const { api, lists } = await account();
    const email = uniqueAddress('complaint');
    const ids = await subscribeEverywhere(api, lists, email);
    await report(api, email, 'complaint');
    expect(await statuses(api, ids)).toEqual(['unsubscribed', 'unsubscribed']);
    expect((await api.post('/api/v1/otp/send', { email })).body.error.code).toBe('RECIPIENT_SUPPRESSED');
  });

  it('records bounces for addresses without subscribers, and pages newest first', async () => {
    const { api } = await account();
    const emails = Array.from({ length: 25 }, (_, i) => uniqueAddress(`b${i}`));
    for (const email of emails) await report(api, email, 'soft');
    const page = (await api.get('/api/v1/bounces?limit=10&offset=20')).body.data;
    expect(page.total).toBe(25);
    expect(page.bounces.map((b: { email: string }) => b.email)).toEqual(emails.slice(0, 5).reverse());
    expect(page.bounces[0].subscriber_name).toBe('');
  });

  it.each([
    ['no email', { bounce_type: 'hard' }, 'email'],
    ['a bad email', { email: 'x', bounce_type: 'hard' }, 'email'],
    ['an unknown type', { email: 'a@example.com', bounce_type: 'bouncy' }, 'bounce_type'],
  ])('answers 400 for %s', async (_name, body, field) => {
    const { api } = await account();
    const answer = await api.post('/api/v1/bounces', body);
    expect([answer.status, answer.body.error.details[0].field]).toEqual([400, field]);
  });

  it.each([
    ['not base64url', '%25%25%25'],
    ['a negative seq', Buffer.from('{"s":-1}').toString('base64url')],
    ['a cursor of no listing', Buffer.from('{"v":"AAAAAAAAAAAAAAAA","s":3}').toString('base64url')],
  ])('answers 400 on cursor for a cursor %s, never the first page', async (_name, cursor) => {
    const { api } = await account();
    await report(api, uniqueAddress(), 'soft');
    const answer = await api.get(`/api/v1/bounces?cursor=${cursor}`);
    expect([answer.status, answer.body.error.code, answer.body.error.details[0].field]).toEqual([
      400,
      'VALIDATION_ERROR',
      'cursor',
    ]);
  });

  it("pages by cursor, and refuses another account's cursor", async () => {
    const a = await account();
    const emails = Array.from({ length: 5 }, (_, i) => uniqueAddress(`c${i}`));
    for (const email of emails) await report(a.api, email, 'soft');
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: any = (await a.api.get(`/api/v1/bounces?limit=2${cursor ? `&cursor=${cursor}` : ''}`)).body.data;
      seen.push(...page.bounces.map((b: { email: string }) => b.email));
      cursor = page.next_cursor;
    } while (cursor);
    expect(seen).toEqual([...emails].reverse());
    const first = (await a.api.get('/api/v1/bounces?limit=2')).body.data.next_cursor;
    const b = await account();
    await report(b.api, uniqueAddress(), 'soft');
    const foreign = await b.api.get(`/api/v1/bounces?cursor=${first}`);
    expect([foreign.status, foreign.body.error.details[0].field]).toEqual([400, 'cursor']);
  });

  it("keeps each account's bounces to itself", async () => {
    const a = await account();
    const b = await account();
    await report(a.api, uniqueAddress(), 'hard');
    expect((await b.api.get('/api/v1/bounces')).body.data.total).toBe(0);
  });
});
