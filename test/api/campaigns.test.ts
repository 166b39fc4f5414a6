import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReceiveMessageCommand, SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { drainOnce } from '../support/drain';
import { runJobs, runJobsAndDrain } from '../support/jobs';
import type { SentMail } from '../support/mailbox';
import { client, keyWith, newAccount, uniqueAddress, type Client } from '../support/service';
import { startTrackedService } from '../support/tracked-service';

let tracked: Awaited<ReturnType<typeof startTrackedService>>;
let api: Client;
let accountId: string;

beforeAll(async () => {
  process.env.DRAIN_RETRY_BASE_SECONDS = '0';
  tracked = await startTrackedService('Newsletter');
  accountId = tracked.accountId;
  api = client(tracked.service, await keyWith(accountId, ['subscribers', 'campaigns', 'mail', 'admin'], 100_000));
});
afterAll(async () => tracked.close());

/** Every mail the SES emulator holds, read once (a list of hundreds would be hundreds of reads). */
const mailbox = async () =>
  ((await (await fetch(`${process.env.SES_ENDPOINT}/store`)).json()) as { emails: SentMail[] }).emails;
const mailsTo = (all: SentMail[], address: string) =>
  all.filter((m) => m.destination.to.some((a) => a.toLowerCase() === address.toLowerCase()));
const header = (mail: SentMail, name: string) =>
  mail.headers?.find((h) => h.name.toLowerCase() === name.toLowerCase())?.value;
const unsubscribeLink = (mail: SentMail) => /^<(.+)>$/.exec(header(mail, 'List-Unsubscribe') ?? '')?.[1];

const newList = async (size: number, label: string) => {
  const list = (await api.post('/api/v1/lists', { name: `${label} list` })).body.data;
  const addresses = Array.from({ length: size }, (_, i) => uniqueAddress(`${label}${i}`));
  for (let i = 0; i < addresses.length; i += 20) {
    await Promise.all(
      addresses.slice(i, i + 20).map(async (email, j) => {
        const created = await api.post('/api/v1/subscribers', {
          email,
          list_id: list.id,
          name: `Reader <${i + j}> & co`,
        });
        expect(created.status).toBe(201);
      }),
    );
  }
  return { listId: list.id as string, addresses };
};

const newCampaign = async (listId: string, extra: Record<string, unknown> = {}) => {
  const answer = await api.post('/api/v1/campaigns', {
    name: 'Spring news',
    subject: 'Hello {{name}}',
    html:
      '<html><body><p>Dear {{ name }}, this is for {{email}}.</p><a ' +
      'href="https://shop.example.com/sale">Sale</a> <a href="{{unsubscribe_url}}">Leave</a></body></html>',
    text: 'Dear {{name}} ({{email}})',
    list_id: listId,
    ...extra,
  });
  expect(answer.status).toBe(201);
  return answer.body.data;
};

const campaignOf = async (id: string) => (await api.get(`/api/v1/campaigns/${id}`)).body.data;

describe('campaigns', () => {
  it('sends once to every subscribed, unsuppressed subscriber with placeholders, RFC 8058 headers and distinct ' +
    'links; stats match; unsubscribe works', async () => {
    const { listId, addresses } = await newList(240, 'c');
    const unsubscribed = addresses[5];
    const bounced = addresses[9];
    const subs = (await api.get(`/api/v1/subscribers?list_id=${listId}&limit=100`)).body.data.subscribers as {
      id: string;
      email: string;
    }[];
    const idOf = async (email: string) => {
      for (let cursor: string | null = null; ; ) {
        const page: { subscribers: { id: string; email: string }[]; next_cursor: string | null } = (
          await api.get(`/api/v1/subscribers?list_id=${listId}&limit=100${cursor ? `&cursor=${cursor}` : ''}`)
        ).body.data;
        const found = page.subscribers.find((s: { email: string }) => s.email === email);
        if (found) return found.id as string;
        cursor = page.next_cursor;
        if (!cursor) throw new Error(`no ${email}`);
      }
    };
    expect(subs.length).toBe(100);
    expect((await api.put(`/api/v1/subscribers/${await idOf(unsubscribed)}`, { status: 'unsubscribed' })).status).toBe(
      200,
    );
    expect((await api.post('/api/v1/bounces', { email: bounced, bounce_type: 'hard' })).status).toBe(201);

    const campaign = await newCampaign(listId);
    expect(campaign).toMatchObject({ status: 'draft', stats: { recipients: 0, sent: 0 } });
    const send = await api.post(`/api/v1/campaigns/${campaign.id}/send`, {});
    expect(send.status).toBe(202);
    expect(send.body.data).toMatchObject({ status: 'sending' });
    expect((await api.post(`/api/v1/campaigns/${campaign.id}/send`, {})).status).toBe(409);
    expect((await api.put(`/api/v1/campaigns/${campaign.id}`, { name: 'late' })).status).toBe(409);
    expect((await api.delete(`/api/v1/campaigns/${campaign.id}`)).status).toBe(409);

    await runJobsAndDrain();
    const all = await mailbox();
    expect(mailsTo(all, unsubscribed)).toHaveLength(0);
    expect(mailsTo(all, bounced)).toHaveLength(0);
    const links = new Set<string>();
    for (const [i, address] of addresses.entries()) {
      if (address === unsubscribed || address === bounced) continue;
      const mails = mailsTo(all, address);
      expect(mails, address).toHaveLength(1);
      const [mail] = mails;
      expect(mail.subject).toBe(`Hello Reader <${i}> & co`);
      expect(mail.body.html).toContain(`Dear Reader &lt;${i}&gt; &amp; co, this is for ${address}.`);
      expect(mail.body.text).toContain(`Dear Reader <${i}> & co (${address})`);
      const link = unsubscribeLink(mail)!;
      expect(link).toMatch(new RegExp(`^${tracked.service.baseUrl}/u/`));
      expect(header(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
      // In the body where the author put it, untracked; in the text a footer line.
      expect(mail.body.html).toContain(`href="${link}"`);
      expect(mail.body.text).toContain(`Unsubscribe: ${link}`);
      links.add(link);
    }
    expect(links.size).toBe(238);
    // Each reader's body is kept as rendered for them, before tracking (docs/promises.md "Message bodies").
    const [first] = (await api.get(`/api/v1/mail?recipient=${encodeURIComponent(addresses[0])}`)).body.data.messages;
    const kept = (await api.get(`/api/v1/mail/status/${encodeURIComponent(first.message_id)}`)).body.data.message;
    expect(kept.html).toContain(`Dear Reader &lt;0&gt; &amp; co, this is for ${addresses[0]}.`);
    expect(kept.text).toContain(`Dear Reader <0> & co (${addresses[0]})`);
    expect(mailsTo(all, addresses[0])[0].body.html).toContain('/t/o/');
    expect(kept.html).not.toContain('/t/o/');

    let done = await campaignOf(campaign.id);
    expect(done.status).toBe('sent');
    expect(done.stats).toMatchObject({ recipients: 238, sent: 238, failed: 0, unsubscribed: 0 });

    // Unsubscribe: GET changes nothing; POST (one-click) unsubscribes that subscriber only; tampered is 404.
    const reader = addresses[0];
    const neighbour = addresses[1];
    const link = unsubscribeLink(mailsTo(all, reader)[0])!;
    const page = await fetch(link);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await page.text()).toContain('<form method="post">');
    expect((await api.get(`/api/v1/subscribers/${await idOf(reader)}`)).body.data.status).toBe('subscribed');
    const post = await fetch(link, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(post.status).toBe(200);
    expect((await api.get(`/api/v1/subscribers/${await idOf(reader)}`)).body.data.status).toBe('unsubscribed');
    expect((await api.get(`/api/v1/subscribers/${await idOf(neighbour)}`)).body.data.status).toBe('subscribed');
    // The link followed again: the page says the reader has left, and offers only leaving every list.
    const again = await fetch(link);
    expect(again.status).toBe(200);
    const againPage = await again.text();
    expect(againPage).toContain('already unsubscribed');
    expect(againPage).not.toContain('Stop receiving');
    expect(againPage).not.toContain('value="list"');
    const token = link.slice(link.lastIndexOf('/') + 1);
    const flipped = `${token.slice(0, 5)}${token[5] === 'A' ? 'B' : 'A'}${token.slice(6)}`;
    const tampered = `${link.slice(0, link.lastIndexOf('/') + 1)}${flipped}`;
    expect((await fetch(tampered, { method: 'POST', body: 'List-Unsubscribe=One-Click' })).status).toBe(404);
    expect((await fetch(tampered)).status).toBe(404);

    // An open through the tracked HTML counts once per recipient.
    const html = mailsTo(all, neighbour)[0].body.html!;
    const pixel = /<img src="([^"]+\/t\/o\/[^"]+)"/.exec(html)![1];
    await fetch(pixel, { headers: { 'User-Agent': 'Mozilla/5.0' } });
    await fetch(pixel, { headers: { 'User-Agent': 'Mozilla/5.0' } });
    done = await campaignOf(campaign.id);
    expect(done.stats).toMatchObject({ opened: 1, unsubscribed: 1 });

    const listed = (await api.get('/api/v1/campaigns')).body.data;
    expect(listed.campaigns[0]).toMatchObject({ id: campaign.id, status: 'sent', stats: { sent: 238 } });
  }, 120_000);

  it(
    'counts one unsubscribe per campaign and subscriber: one-click POSTs replayed after a resubscribe move the ' +
      'subscriber but count nothing more',
    async () => {
      const { listId, addresses } = await newList(3, 'replay');
      const campaign = await newCampaign(listId);
      expect((await api.post(`/api/v1/campaigns/${campaign.id}/send`, {})).status).toBe(202);
      await runJobsAndDrain();
      const all = await mailbox();
      const [first, second] = addresses.map((address) => unsubscribeLink(mailsTo(all, address)[0]!)!);
      const subscribers = (await api.get(`/api/v1/subscribers?list_id=${listId}&limit=10`)).body.data.subscribers as {
        id: string;
        email: string;
      }[];
      const idOf = (email: string) => subscribers.find((subscriber) => subscriber.email === email)!.id;
      const oneClick = (link: string) =>
        fetch(link, {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: 'List-Unsubscribe=One-Click',
        });

      expect((await oneClick(first!)).status).toBe(200);
      for (let round = 0; round < 3; round++) {
        expect((await api.put(`/api/v1/subscribers/${idOf(addresses[0]!)}`, { status: 'subscribed' })).status).toBe(
          200,
        );
        // Replays, some of them at once.
        const answers = await Promise.all([oneClick(first!), oneClick(first!), fetch(first!)]);
        expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
        expect((await api.get(`/api/v1/subscribers/${idOf(addresses[0]!)}`)).body.data.status).toBe('unsubscribed');
      }
      expect((await campaignOf(campaign.id)).stats).toMatchObject({ unsubscribed: 1 });

      // Another subscriber of the same campaign counts on its own, once however often replayed.
      expect((await oneClick(second!)).status).toBe(200);
      expect((await api.put(`/api/v1/subscribers/${idOf(addresses[1]!)}`, { status: 'subscribed' })).status).toBe(200);
      expect((await oneClick(second!)).status).toBe(200);
      expect((await campaignOf(campaign.id)).stats).toMatchObject({ unsubscribed: 2 });
    },
  );

  it('a fan-out chunk run twice sends no duplicate', async () => {
    const { listId, addresses } = await newList(30, 'dup');
    const campaign = await newCampaign(listId);
    // No body at all: every field of a send is optional.
    expect((await api.post(`/api/v1/campaigns/${campaign.id}/send`)).status).toBe(202);
    // The first chunk's job, delivered twice (a crash before its deletion, or SQS's at-least-once).
    const sqs = new SQSClient({ useQueueUrlAsEndpoint: false });
    const { Messages = [] } = await sqs.send(
      new ReceiveMessageCommand({ QueueUrl: process.env.JOB_QUEUE_URL, MaxNumberOfMessages: 1, VisibilityTimeout: 0 }),
    );
    expect(Messages).toHaveLength(1);
    await sqs.send(new SendMessageCommand({ QueueUrl: process.env.JOB_QUEUE_URL, MessageBody: Messages[0].Body! }));
    sqs.destroy();
    await runJobs();
    // And once more after the sends.
    await drainOnce();
    const sqs2 = new SQSClient({ useQueueUrlAsEndpoint: false });
    await sqs2.send(new SendMessageCommand({ QueueUrl: process.env.JOB_QUEUE_URL, MessageBody: Messages[0].Body! }));
    sqs2.destroy();
    await runJobsAndDrain();
    const all = await mailbox();
    for (const address of addresses) expect(mailsTo(all, address), address).toHaveLength(1);
    expect((await campaignOf(campaign.id)).stats).toMatchObject({ recipients: 30, sent: 30 });
    expect((await campaignOf(campaign.id)).status).toBe('sent');
  }, 60_000);

  it('a scheduled campaign waits for send_at, and a cancelled one stops', async () => {
    const { listId, addresses } = await newList(5, 'sched');
    const campaign = await newCampaign(listId);
    const sendAt = new Date(Date.now() + 3_000).toISOString();
    const send = await api.post(`/api/v1/campaigns/${campaign.id}/send`, { send_at: sendAt });
    expect(send.status).toBe(202);
    expect(send.body.data).toMatchObject({ status: 'scheduled' });
    await runJobsAndDrain(2);
    expect((await campaignOf(campaign.id)).status).toBe('scheduled');
    expect(mailsTo(await mailbox(), addresses[0])).toHaveLength(0);
    await new Promise((resolve) => setTimeout(resolve, 3_500));
    await runJobsAndDrain();
    expect((await campaignOf(campaign.id)).status).toBe('sent');
    expect(mailsTo(await mailbox(), addresses[0])).toHaveLength(1);

    const other = await newList(5, 'cancel');
    const cancelled = await newCampaign(other.listId);
    expect(
      (
        await api.post(`/api/v1/campaigns/${cancelled.id}/send`, {
          send_at: new Date(Date.now() + 60_000).toISOString(),
        })
      ).status,
    ).toBe(202);
    const cancel = await api.post(`/api/v1/campaigns/${cancelled.id}/cancel`, {});
    expect(cancel.status).toBe(200);
    expect(cancel.body.data.status).toBe('cancelled');
    expect((await api.post(`/api/v1/campaigns/${cancelled.id}/cancel`, {})).status).toBe(409);

    // Cancelled while sending: the fan-out has queued the mail, the drainer does not send it.
    const third = await newList(5, 'stop');
    const stopped = await newCampaign(third.listId);
    expect((await api.post(`/api/v1/campaigns/${stopped.id}/send`, {})).status).toBe(202);
    await runJobs();
    expect((await api.post(`/api/v1/campaigns/${stopped.id}/cancel`, {})).status).toBe(200);
    await runJobsAndDrain();
    const all = await mailbox();
    for (const address of [...other.addresses, ...third.addresses]) expect(mailsTo(all, address)).toHaveLength(0);
    expect((await campaignOf(stopped.id)).status).toBe('cancelled');
  }, 60_000);

  it("the campaigns guide's send_at example is accepted as it stands (within the 30-day cap)", async () => {
    // The example's body, evaluated by the shell a reader pastes it into (its `date` runs).
    const guide = readFileSync(new URL('../../docs/guides/audience-and-campaigns.md', import.meta.url), 'utf8');
    const example = /-d ('[^'\n]*send_at[^'\n]*'|"[^\n]*send_at[^\n]*")/.exec(guide);
    expect(example, 'the campaigns guide shows a send_at example').not.toBeNull();
    const body = execFileSync('bash', ['-c', `printf %s ${example![1]}`], { encoding: 'utf8' });
    const { listId } = await newList(1, 'readme');
    const campaign = await newCampaign(listId);
    const send = await api.post(`/api/v1/campaigns/${campaign.id}/send`, JSON.parse(body));
    expect(send.status, JSON.stringify(send.body)).toBe(202);
    expect(send.body.data).toMatchObject({ status: 'scheduled' });
    expect((await api.post(`/api/v1/campaigns/${campaign.id}/cancel`, {})).status).toBe(200);
  });

  it('refuses unknown placeholders, other accounts, missing lists and keys without `campaigns`', async () => {
    const { listId } = await newList(1, 'v');
    const bad = await api.post('/api/v1/campaigns', {
      name: 'x',
      subject: 'Hi {{first_name}}',
      text: 'x',
      list_id: listId,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [{ field: 'subject', message: expect.stringContaining('{{first_name}}') }],
    });
    expect((await api.post('/api/v1/campaigns', { name: 'x', subject: 'x', list_id: listId })).status).toBe(400);
    expect(
      (
        await api.post('/api/v1/campaigns', {
          name: 'x',
          subject: 'x',
          text: 'x',
          list_id: '00000000-0000-4000-8000-000000000000',
        })
      ).status,
    ).toBe(404);

    const campaign = await newCampaign(listId);
    const edited = await api.put(`/api/v1/campaigns/${campaign.id}`, { subject: 'New {{email}}' });
    expect(edited.status).toBe(200);
    expect(edited.body.data.subject).toBe('New {{email}}');
    expect((await api.put(`/api/v1/campaigns/${campaign.id}`, { html: '<p>{{ oops }}</p>' })).status).toBe(400);

    const stranger = await newAccount('Stranger');
    const theirs = client(tracked.service, stranger.apiKey);
    expect((await theirs.get(`/api/v1/campaigns/${campaign.id}`)).status).toBe(404);
    expect((await theirs.post(`/api/v1/campaigns/${campaign.id}/send`, {})).status).toBe(404);
    expect(
      (await theirs.post('/api/v1/campaigns', { name: 'x', subject: 'x', text: 'x', list_id: listId })).status,
    ).toBe(404);

    const noCampaigns = client(tracked.service, await keyWith(accountId, ['subscribers', 'mail']));
    const forbidden = await noCampaigns.get('/api/v1/campaigns');
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.error.code).toBe('FORBIDDEN');

    expect((await api.delete(`/api/v1/campaigns/${campaign.id}`)).status).toBe(200);
    expect((await api.get(`/api/v1/campaigns/${campaign.id}`)).status).toBe(404);
  }, 60_000);

  it('deletes a large list in the background', async () => {
    const { listId } = await newList(130, 'big');
    const deleted = await api.delete(`/api/v1/lists/${listId}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body.message).toContain('background');
    expect((await api.get(`/api/v1/lists/${listId}`)).status).toBe(404);
    await runJobs();
    expect((await api.get(`/api/v1/subscribers?list_id=${listId}`)).body.data.total).toBe(0);
  }, 60_000);
});
