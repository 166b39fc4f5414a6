import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setClockForTests } from '../../functions/adapters/test-seams';
import { drainOnce } from '../support/drain';
import { runJobsAndDrain } from '../support/jobs';
import { mailTo, type SentMail } from '../support/mailbox';
import { client, keyWith, newAccount, uniqueAddress, type Client } from '../support/service';
import { startTrackedService } from '../support/tracked-service';

/** Double opt-in: the confirmation mail (through the send queue), its link's GET and POST, and campaigns. */
let tracked: Awaited<ReturnType<typeof startTrackedService>>;
let api: Client;

beforeAll(async () => {
  process.env.DRAIN_RETRY_BASE_SECONDS = '0';
  tracked = await startTrackedService('Newsletter');
  api = client(
    tracked.service,
    await keyWith(tracked.accountId, ['subscribers', 'campaigns', 'mail', 'admin'], 100_000),
  );
});
afterAll(async () => {
  delete process.env.DRAIN_RETRY_BASE_SECONDS;
  await tracked.close();
});
afterEach(() => setClockForTests(undefined));

const confirmLink = (mail: SentMail) => /(https?:\/\/\S+\/u\/confirm\/[A-Za-z0-9_.-]+)/.exec(mail.body.text ?? '')?.[1];
const page = async (url: string, method = 'GET', accept?: string) => {
  const response = await fetch(url, { method, headers: accept ? { accept } : {} });
  return { status: response.status, type: response.headers.get('content-type'), text: await response.text() };
};
/** What a browser sends with a link opened from a mail. */
const BROWSER = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
const subscriber = async (id: string) => (await api.get(`/api/v1/subscribers/${id}`)).body.data;

describe('double opt-in lists', () => {
  it('mail a signed link once per add; GET asks and changes nothing, POST confirms', async () => {
    const list = (await api.post('/api/v1/lists', { name: 'Weekly <news>', double_opt_in: true })).body.data;
    expect(list).toMatchObject({ double_opt_in: true, confirmation: null });
    const email = uniqueAddress('doi');
    const created = await api.post('/api/v1/subscribers', { email, list_id: list.id, name: 'Ada' });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ status: 'subscribed', confirmed_at: null });
    // A second add of the waiting address within 10 minutes: a 409, and no second mail.
    expect((await api.post('/api/v1/subscribers', { email, list_id: list.id })).status).toBe(409);
    await drainOnce();
    const mails = await mailTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('Please confirm your subscription to Weekly <news>');
    expect(mails[0].body.html).toContain('Weekly &lt;news&gt;');
    const link = confirmLink(mails[0])!;
    expect(link.startsWith(`${tracked.service.baseUrl}/u/confirm/`)).toBe(true);

    const asked = await page(link);
    expect(asked.status).toBe(200);
    expect(asked.type).toMatch(/^text\/html/);
    expect(asked.text).toContain('Weekly &lt;news&gt;');
    expect(asked.text).toContain('<form method="post">');
    expect((await subscriber(created.body.data.id)).confirmed_at).toBeNull();

    const confirmed = await page(link, 'POST');
    expect(confirmed.status).toBe(200);
    expect(confirmed.text).toContain('is confirmed');
    const after = await subscriber(created.body.data.id);
    expect(after.confirmed_at).toMatch(/Z$/);
    // Again: nothing changes, and the page says it is done.
    expect((await page(link, 'POST')).status).toBe(200);
    expect((await subscriber(created.body.data.id)).confirmed_at).toBe(after.confirmed_at);
    expect((await page(link)).text).toContain('confirmed already');

    // A forged or altered link names nothing.
    expect((await page(`${link.slice(0, -2)}xx`, 'POST')).status).toBe(404);
  });

  it("sends the list's own wording, again after 10 minutes, and the link expires after 7 days", async () => {
    const list = (await api.post('/api/v1/lists', { name: 'Own words', double_opt_in: true })).body.data;
    expect(
      (await api.put(`/api/v1/lists/${list.id}`, { confirmation: { subject: 'Say yes', text: 'no link' } })).status,
    ).toBe(400);
    const wording = {
      subject: 'Say yes to {{list_name}}',
      text: 'Click {{confirm_url}} please',
      html: '<a href="{{confirm_url}}">yes</a>',
    };
    expect((await api.put(`/api/v1/lists/${list.id}`, { confirmation: wording })).body.data.confirmation).toEqual(
      wording,
    );
    const email = uniqueAddress('words');
    const id = (await api.post('/api/v1/subscribers', { email, list_id: list.id })).body.data.id;
    setClockForTests(() => new Date(Date.now() + 11 * 60 * 1000));
    expect((await api.post('/api/v1/subscribers', { email, list_id: list.id })).status).toBe(409);
    setClockForTests(undefined);
    await drainOnce();
    const mails = await mailTo(email);
    expect(mails.map((m) => m.subject)).toEqual(['Say yes to Own words', 'Say yes to Own words']);
    expect(mails[0].body.text).toMatch(/^Click http\S+ please$/);
    const link = confirmLink(mails[0])!;
    setClockForTests(() => new Date(Date.now() + 8 * 24 * 3600 * 1000));
    expect((await page(link, 'POST')).status).toBe(410);
    expect((await subscriber(id)).confirmed_at).toBeNull();
  });

  it(
    'an expired or forged link answers a reader a page saying so and what to do; an API client asking for JSON ' +
      'keeps the envelope',
    async () => {
      const list = (await api.post('/api/v1/lists', { name: 'Pages', double_opt_in: true })).body.data;
      const email = uniqueAddress('pages');
      const id = (await api.post('/api/v1/subscribers', { email, list_id: list.id })).body.data.id;
      await drainOnce();
      const link = confirmLink((await mailTo(email))[0])!;
      const forged = `${link.slice(0, -2)}xx`;

      // A forged or altered link, opened or its button pressed: 404, a page that says the link is not valid.
      for (const method of ['GET', 'POST']) {
        const answer = await page(forged, method, BROWSER);
        expect(answer.status).toBe(404);
        expect(answer.type).toMatch(/^text\/html/);
        expect(answer.text).toContain('<title>This link is not valid</title>');
        expect(answer.text).toContain('ask the sender for a new one');
      }
      // A client that says nothing of what it accepts (curl, a mail scanner) gets the page too.
      expect((await page(forged)).type).toMatch(/^text\/html/);

      // Past its 7 days: 410, a page that says it expired and how to get a new one; nothing confirmed.
      setClockForTests(() => new Date(Date.now() + 8 * 24 * 3600 * 1000));
      for (const method of ['GET', 'POST']) {
        const answer = await page(link, method, BROWSER);
        expect(answer.status).toBe(410);
        expect(answer.type).toMatch(/^text\/html/);
        expect(answer.text).toContain('<title>This link has expired</title>');
        expect(answer.text).toContain('Ask the sender for a new one');
      }
      expect((await subscriber(id)).confirmed_at).toBeNull();

      // An API client asking for JSON: the envelope, 404 NOT_FOUND either way (the error codes are the API's).
      const expired = await page(link, 'GET', 'application/json');
      expect(expired.status).toBe(404);
      expect(JSON.parse(expired.text)).toEqual({
        success: false,
        error: {
          code: 'NOT_FOUND',
          message: 'Confirmation link not found (it expired: subscribe again for a new one)',
        },
      });
      setClockForTests(undefined);
      const bad = await page(forged, 'POST', 'application/json');
      expect(bad.status).toBe(404);
      expect(JSON.parse(bad.text).error.code).toBe('NOT_FOUND');
    },
  );

  it('campaigns reach only the confirmed subscribers of such a list', async () => {
    const list = (await api.post('/api/v1/lists', { name: 'Consent', double_opt_in: true })).body.data;
    const [yes, pending] = [uniqueAddress('yes'), uniqueAddress('pending')];
    for (const email of [yes, pending])
      expect((await api.post('/api/v1/subscribers', { email, list_id: list.id })).status).toBe(201);
    await drainOnce();
    expect((await page(confirmLink((await mailTo(yes))[0])!, 'POST')).status).toBe(200);
    const campaign = (
      await api.post('/api/v1/campaigns', {
        name: 'c',
        subject: 'Campaign mail',
        text: 'Hi {{unsubscribe_url}}',
        list_id: list.id,
      })
    ).body.data;
    expect((await api.post(`/api/v1/campaigns/${campaign.id}/send`, {})).status).toBe(202);
    await runJobsAndDrain();
    expect((await mailTo(yes)).map((m) => m.subject)).toContain('Campaign mail');
    expect((await mailTo(pending)).map((m) => m.subject)).not.toContain('Campaign mail');
    expect((await api.get(`/api/v1/campaigns/${campaign.id}`)).body.data.stats).toMatchObject({
      recipients: 1,
      sent: 1,
    });
  });

  it('a list without double opt-in sends nothing and needs no confirmation; another account sees nothing', async () => {
    const list = (await api.post('/api/v1/lists', { name: 'Plain' })).body.data;
    expect(list.double_opt_in).toBe(false);
    const email = uniqueAddress('plain');
    const created = (await api.post('/api/v1/subscribers', { email, list_id: list.id })).body.data;
    expect(created).not.toHaveProperty('confirmed_at');
    await drainOnce();
    expect(await mailTo(email)).toHaveLength(0);
    const other = client(tracked.service, (await newAccount('Other')).apiKey);
    expect((await other.get(`/api/v1/lists/${list.id}`)).status).toBe(404);
    expect((await other.post('/api/v1/subscribers', { email, list_id: list.id })).status).toBe(404);
  });

  it('refuses to add to a double opt-in list when no provider could send the confirmation', async () => {
    const bare = client(tracked.service, (await newAccount('No provider')).apiKey);
    const list = (await bare.post('/api/v1/lists', { name: 'DOI', double_opt_in: true })).body.data;
    const answer = await bare.post('/api/v1/subscribers', { email: uniqueAddress(), list_id: list.id });
    expect(answer.body.error.code).toBe('NO_SMTP_PROVIDER');
    expect((await bare.get(`/api/v1/lists/${list.id}`)).body.data.subscriber_count).toBe(0);
  });
});
