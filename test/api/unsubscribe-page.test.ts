import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runJobsAndDrain } from '../support/jobs';
import { mailTo, type SentMail } from '../support/mailbox';
import { client, keyWith, newAccount, uniqueAddress, type Client } from '../support/service';
import { startTrackedService } from '../support/tracked-service';

/** The unsubscribe page: whose mail and which list, before and after leaving, and leaving every list. */
let tracked: Awaited<ReturnType<typeof startTrackedService>>;
let api: Client;

beforeAll(async () => {
  process.env.DRAIN_RETRY_BASE_SECONDS = '0';
  tracked = await startTrackedService('Provider Sender');
  api = client(
    tracked.service,
    await keyWith(tracked.accountId, ['subscribers', 'campaigns', 'mail', 'admin', 'otp'], 100_000),
  );
});
afterAll(async () => {
  delete process.env.DRAIN_RETRY_BASE_SECONDS;
  await tracked.close();
});

const unsubscribeLink = (mail: SentMail) =>
  /^<(.+)>$/.exec(mail.headers?.find((h) => h.name.toLowerCase() === 'list-unsubscribe')?.value ?? '')?.[1];
const get = async (url: string) => (await fetch(url)).text();
const post = async (url: string, body: string) => {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body,
  });
  return { status: response.status, text: await response.text() };
};
const statusOf = async (id: string) => (await api.get(`/api/v1/subscribers/${id}`)).body.data.status;

/** A campaign to `list` sent and delivered; the unsubscribe link of the mail `email` received. */
const campaignLink = async (listId: string, email: string, sender: Record<string, string>) => {
  const campaign = (
    await api.post('/api/v1/campaigns', {
      name: 'c',
      subject: `News ${Math.random()}`,
      text: 'Hello',
      list_id: listId,
      ...sender,
    })
  ).body.data;
  expect((await api.post(`/api/v1/campaigns/${campaign.id}/send`, {})).status).toBe(202);
  await runJobsAndDrain();
  const mail = (await mailTo(email)).find((m) => m.subject === campaign.subject)!;
  return unsubscribeLink(mail)!;
};

/**
 * Every page of a reader's link (issue 35): never framed (`frame-ancestors 'none'`, X-Frame-Options),
 * nothing loaded or run but the page's own style (its hash), its form posting only to this service.
 */
const expectUnframeable = async (response: Response, what: string) => {
  const html = await response.text();
  const policy = response.headers.get('content-security-policy') ?? '';
  const directives = Object.fromEntries(
    policy
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .map(([name, ...values]) => [name, values]),
  );
  const style = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? '';
  const styleHash = `'sha256-${createHash('sha256').update(style).digest('base64')}'`;
  expect([
    what,
    response.headers.get('content-type'),
    response.headers.get('x-frame-options'),
    response.headers.get('x-content-type-options'),
  ]).toEqual([what, 'text/html; charset=utf-8', 'DENY', 'nosniff']);
  expect([what, directives]).toEqual([
    what,
    {
      'default-src': ["'none'"],
      'style-src': [styleHash],
      'form-action': ["'self'"],
      'base-uri': ["'none'"],
      'frame-ancestors': ["'none'"],
    },
  ]);
};

describe("the pages of a reader's link", () => {
  it('can never be framed: the unsubscribe page, its answer, the confirmation page and the error pages', async () => {
    const email = uniqueAddress('framed');
    const list = (await api.post('/api/v1/lists', { name: 'Framed' })).body.data;
    await api.post('/api/v1/subscribers', { email, list_id: list.id });
    const link = await campaignLink(list.id, email, { from_name: 'Frames', from_email: 'news@example.com' });
    const base = tracked.service.baseUrl;
    await expectUnframeable(await fetch(link), 'GET /u/{token}');
    await expectUnframeable(
      await fetch(link, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      }),
      'POST /u/{token}',
    );
    await expectUnframeable(await fetch(link), 'GET /u/{token} after leaving');
    await expectUnframeable(await fetch(`${link.slice(0, -2)}xx`), 'a forged link (404)');
    await expectUnframeable(await fetch(`${base}/u/${'a'.repeat(1100)}`), 'a token too long (400)');
    await expectUnframeable(await fetch(`${base}/u/confirm/forged.token`), 'a forged confirmation link');
  });
});

describe('the unsubscribe page', () => {
  it('names the sender and the list, says when the reader left, and leaves this list or every list', async () => {
    const email = uniqueAddress('reader');
    const weekly = (await api.post('/api/v1/lists', { name: 'Weekly <digest>' })).body.data;
    const offers = (await api.post('/api/v1/lists', { name: 'Offers' })).body.data;
    const inWeekly = (await api.post('/api/v1/subscribers', { email, list_id: weekly.id })).body.data.id;
    const inOffers = (await api.post('/api/v1/subscribers', { email, list_id: offers.id })).body.data.id;
    const link = await campaignLink(weekly.id, email, { from_name: 'Ada & Co', from_email: 'news@example.com' });

    const before = await get(link);
    expect(before).toContain('from Ada &amp; Co');
    expect(before).toContain('Weekly &lt;digest&gt;');
    expect(before).toContain('<button type="submit" name="scope" value="list">Leave the list');
    expect(before).toContain(
      '<button type="submit" name="scope" value="all">Leave every list of Ada &amp; Co</button>',
    );
    expect(await statusOf(inWeekly)).toBe('subscribed');

    // RFC 8058 one-click, unchanged: this list only.
    const left = await post(link, 'List-Unsubscribe=One-Click');
    expect(left.status).toBe(200);
    expect(left.text).toContain('You have left the list <strong>Weekly &lt;digest&gt;</strong> of Ada &amp; Co');
    expect([await statusOf(inWeekly), await statusOf(inOffers)]).toEqual(['unsubscribed', 'subscribed']);
    expect((await api.get('/api/v1/suppressions')).body.data.suppressions).toEqual([]);

    const after = await get(link);
    expect(after).toContain('You have already left the list <strong>Weekly &lt;digest&gt;</strong> of Ada &amp; Co');
    expect(after).not.toContain('value="list"');
    expect(after).toContain('value="all"');

    // The page's second button: every list of the account, and the contact `unsubscribed`, not suppressed.
    const all = await post(link, 'List-Unsubscribe=One-Click&scope=all');
    expect(all.text).toContain('You have left every list of Ada &amp; Co');
    expect(await statusOf(inOffers)).toBe('unsubscribed');
    expect((await api.get(`/api/v1/contacts/${email}`)).body.data.unsubscribed).toBe(true);
    expect((await api.get('/api/v1/suppressions')).body.data.suppressions).toEqual([]);
    // Once more changes nothing.
    expect((await post(link, 'List-Unsubscribe=One-Click&scope=all')).status).toBe(200);

    // A list joined later reaches it no more; its OTP code and transactional mail still do.
    const later = (await api.post('/api/v1/lists', { name: 'Later' })).body.data;
    expect((await api.post('/api/v1/subscribers', { email, list_id: later.id })).status).toBe(201);
    const campaign = (
      await api.post('/api/v1/campaigns', { name: 'c', subject: 'After leaving', text: 'Hi', list_id: later.id })
    ).body.data;
    expect((await api.post(`/api/v1/campaigns/${campaign.id}/send`, {})).status).toBe(202);
    expect((await api.post('/api/v1/otp/send', { email })).status).toBe(200);
    expect((await api.post('/api/v1/mail/send', { to: email, subject: 'Receipt', text: 't' })).status).toBe(200);
    await runJobsAndDrain();
    const subjects = (await mailTo(email)).map((m) => m.subject);
    expect(subjects).not.toContain('After leaving');
    expect(subjects).toContain('Receipt');
    expect(subjects.filter((s) => /code/i.test(s ?? '')).length).toBe(1);
    expect((await api.get(`/api/v1/campaigns/${campaign.id}`)).body.data.stats.recipients).toBe(0);
  });

  it("names the campaign's from_email when it has no from_name, else the provider's sender", async () => {
    const email = uniqueAddress('plain');
    const list = (await api.post('/api/v1/lists', { name: 'Plain' })).body.data;
    await api.post('/api/v1/subscribers', { email, list_id: list.id });
    expect(await get(await campaignLink(list.id, email, { from_email: 'letters@example.com' }))).toContain(
      'from letters@example.com',
    );
    expect(await get(await campaignLink(list.id, email, {}))).toContain('from Provider Sender');
  });

  it("leaving every list touches no other account's subscriber of the same address", async () => {
    const email = uniqueAddress('shared');
    const list = (await api.post('/api/v1/lists', { name: 'Mine' })).body.data;
    await api.post('/api/v1/subscribers', { email, list_id: list.id });
    const other = client(tracked.service, (await newAccount('Other')).apiKey);
    const theirs = (await other.post('/api/v1/lists', { name: 'Theirs' })).body.data;
    const theirSubscriber = (await other.post('/api/v1/subscribers', { email, list_id: theirs.id })).body.data.id;
    await post(await campaignLink(list.id, email, { from_name: 'Me' }), 'List-Unsubscribe=One-Click&scope=all');
    expect((await other.get(`/api/v1/subscribers/${theirSubscriber}`)).body.data.status).toBe('subscribed');
    expect((await other.get('/api/v1/suppressions')).body.data.suppressions).toEqual([]);
  });

  it('an invalid link answers a reader a page saying so; an API client asking for JSON gets the envelope', async () => {
    const browser = {
      accept: 'text/html,application/xhtml+xml,*/*;q=0.8',
      'content-type': 'application/x-www-form-urlencoded',
    };
    const forged = `${tracked.service.baseUrl}/u/W10.AAAAAAAAAAAAAAAAAAAAAA`;
    const overLong = `${tracked.service.baseUrl}/u/${'a'.repeat(1025)}`;
    for (const [url, status] of [
      [forged, 404],
      [overLong, 400],
    ] as const) {
      for (const method of ['GET', 'POST']) {
        const response = await fetch(url, {
          method,
          headers: browser,
          ...(method === 'POST' ? { body: 'List-Unsubscribe=One-Click' } : {}),
        });
        expect([method, response.status, response.headers.get('content-type')]).toEqual([
          method,
          status,
          'text/html; charset=utf-8',
        ]);
        const text = await response.text();
        expect(text).toContain('<title>This link is not valid</title>');
        expect(text).toContain('ask the sender for a new one');
      }
    }
    const json = await fetch(forged, { headers: { accept: 'application/json' } });
    expect(json.status).toBe(404);
    expect(await json.json()).toEqual({
      success: false,
      error: { code: 'NOT_FOUND', message: 'Unsubscribe link not found' },
    });
  });
});
