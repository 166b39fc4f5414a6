import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drainOnce } from '../support/drain';
import { runJobs, runJobsAndDrain } from '../support/jobs';
import type { SentMail } from '../support/mailbox';
import {
  client,
  keyWith,
  newAccount,
  startService,
  uniqueAddress,
  type Client,
  type TestService,
} from '../support/service';

let service: TestService;
let news: Client;
let other: Client;

beforeAll(async () => {
  service = await startService();
  // Campaign mail carries unsubscribe links to the service.
  process.env.PUBLIC_BASE_URL = service.baseUrl;
  const account = await newAccount('Bulk sender');
  news = client(service, await keyWith(account.accountId, ['subscribers', 'campaigns', 'mail', 'admin'], 100_000));
  // 10 a second: the 200-reader campaign below takes 20 s to leave.
  await news.post('/api/v1/providers', {
    type: 'ses',
    name: 'SES',
    from_email: 'news@example.com',
    send_rate_per_second: 10,
  });
  other = client(service, (await newAccount('Other sender')).apiKey);
  await other.post('/api/v1/providers', {
    type: 'ses',
    name: 'SES',
    from_email: 'hello@example.org',
    send_rate_per_second: 10,
  });
});
afterAll(() => service.close());

const mailbox = async () =>
  ((await (await fetch(`${process.env.SES_ENDPOINT}/store`)).json()) as { emails: SentMail[] }).emails;
const arrived = (all: SentMail[], addresses: string[]) =>
  addresses.filter((a) => all.some((m) => m.destination.to.includes(a)));

describe('streams: bulk never holds up transactional mail', () => {
  it('with a campaign draining, a batch of the same account and one of another arrive within 10 s', async () => {
    const list = (await news.post('/api/v1/lists', { name: 'Readers' })).body.data;
    const readers = Array.from({ length: 200 }, (_, i) => uniqueAddress(`reader${i}`));
    for (let i = 0; i < readers.length; i += 25) {
      await Promise.all(
        readers.slice(i, i + 25).map((email) => news.post('/api/v1/subscribers', { email, list_id: list.id })),
      );
    }
    const campaign = (
      await news.post('/api/v1/campaigns', { name: 'Big', subject: 'News', text: 'Hello {{name}}', list_id: list.id })
    ).body.data;
    expect((await news.post(`/api/v1/campaigns/${campaign.id}/send`)).status).toBe(202);
    await runJobs(); // the fan-out: 200 mails wait in the bulk lane

    const draining = drainOnce(60_000);
    // Let the run get well into the campaign before the transactional mail comes.
    while (arrived(await mailbox(), readers).length < 20) await new Promise((resolve) => setTimeout(resolve, 200));

    const mine = [uniqueAddress('same-account'), uniqueAddress('same-account')];
    const theirs = [uniqueAddress('other-account'), uniqueAddress('other-account')];
    const acceptedAt = Date.now();
    const [a, b] = await Promise.all([
      news.post('/api/v1/mail/send-batch', { messages: mine.map((to) => ({ to, subject: 'Receipt', text: 't' })) }),
      other.post('/api/v1/mail/send-batch', { messages: theirs.map((to) => ({ to, subject: 'Receipt', text: 't' })) }),
    ]);
    expect([a.body.data.queued, b.body.data.queued]).toEqual([2, 2]);
    let all: SentMail[] = [];
    while (Date.now() - acceptedAt < 10_000) {
      all = await mailbox();
      if (arrived(all, [...mine, ...theirs]).length === 4) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(arrived(all, [...mine, ...theirs])).toHaveLength(4);
    // The campaign was still draining when they arrived: they did not simply wait for its end.
    expect(arrived(all, readers).length).toBeLessThan(readers.length);

    await draining;
    await runJobsAndDrain();
    expect(arrived(await mailbox(), readers)).toHaveLength(readers.length);
  }, 120_000);

  it("one account's campaign does not hold another's back: each keeps only a window in the bulk lane", async () => {
    // Two seconds of the 10/s rate: a campaign keeps about 20 to 40 mails in the lane at a time.
    process.env.BULK_WINDOW_SECONDS = '2';
    const campaignTo = async (api: Client, readers: string[], subject: string) => {
      const list = (await api.post('/api/v1/lists', { name: subject })).body.data;
      for (let i = 0; i < readers.length; i += 25) {
        await Promise.all(
          readers.slice(i, i + 25).map((email) => api.post('/api/v1/subscribers', { email, list_id: list.id })),
        );
      }
      return (await api.post('/api/v1/campaigns', { name: subject, subject, text: 'Hello', list_id: list.id })).body
        .data;
    };
    const many = Array.from({ length: 150 }, (_, i) => uniqueAddress(`many${i}`));
    const few = Array.from({ length: 10 }, (_, i) => uniqueAddress(`few${i}`));
    const big = await campaignTo(news, many, 'Big one');
    const small = await campaignTo(other, few, 'Small one');

    expect((await news.post(`/api/v1/campaigns/${big.id}/send`)).status).toBe(202);
    // The job runner and the drainer go on side by side, as their triggers and schedule run them: the
    // fan-out follows the lane's room, and a drain run that finds the lane empty ends and is started again.
    let running = true;
    const pause = () => new Promise((resolve) => setTimeout(resolve, 200));
    const jobs = (async () => {
      while (running) if (!(await runJobs())) await pause();
    })();
    const draining = (async () => {
      while (running) if ((await drainOnce(10_000)).received === 0) await pause();
    })();
    try {
      while (arrived(await mailbox(), many).length < 10) await new Promise((resolve) => setTimeout(resolve, 200));
      const sentAt = Date.now();
      expect((await other.post(`/api/v1/campaigns/${small.id}/send`)).status).toBe(202);
      let all: SentMail[] = [];
      while (Date.now() - sentAt < 10_000) {
        all = await mailbox();
        if (arrived(all, few).length === few.length) break;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      // All of the small campaign is out within 10 s; the big one, 14 s of mail behind it had it all
      // been queued first, is still going.
      expect(arrived(all, few)).toHaveLength(few.length);
      expect(arrived(all, many).length).toBeLessThan(many.length - 40);
    } finally {
      running = false;
      await Promise.all([jobs, draining]);
      delete process.env.BULK_WINDOW_SECONDS;
    }
    // The rest follows, window by window (a waiting chunk is due again 5 s later).
    const until = Date.now() + 90_000;
    while (arrived(await mailbox(), many).length < many.length && Date.now() < until) {
      await runJobs();
      await drainOnce();
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(arrived(await mailbox(), many)).toHaveLength(many.length);
  }, 180_000);
});
