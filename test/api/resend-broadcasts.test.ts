import type { Resend } from 'resend';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runJobsAndDrain } from '../support/jobs';
import type { SentMail } from '../support/mailbox';
import { client, keyWith, newAccount, uniqueAddress, type Client } from '../support/service';
import { resendClient } from '../support/resend-account';
import { startTrackedService } from '../support/tracked-service';
import { signToken, verifyToken, type TrackingClaim } from '../../functions/domain/tracking/token';
import { MAX_CAMPAIGN_LINKS } from '../../functions/domain/campaigns/links';

/**
 * docs/promises.md "Resend-compatible API", broadcasts: the official `resend` package, unchanged,
 * drives every call here against the service (`baseUrl` <base>/resend). A broadcast is a campaign:
 * what the SDK writes is read natively under /api/v1/campaigns, and the other way round.
 */
let tracked: Awaited<ReturnType<typeof startTrackedService>>;
let resend: Resend;
let native: Client;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const FROM = 'Example News <news@example.com>';
const HTML = '<p>Hi {{name}}</p><p><a href="{{unsubscribe_url}}">Leave</a></p>';

beforeAll(async () => {
  process.env.DRAIN_RETRY_BASE_SECONDS = '0';
  tracked = await startTrackedService('Newsletter');
  const key = await keyWith(tracked.accountId, ['subscribers', 'campaigns'], 100_000);
  native = client(tracked.service, key);
  resend = resendClient(tracked.service, key);
});
afterAll(async () => tracked.close());

const mailbox = async () =>
  ((await (await fetch(`${process.env.SES_ENDPOINT}/store`)).json()) as { emails: SentMail[] }).emails;
const mailsTo = (all: SentMail[], address: string) =>
  all.filter((m) => m.destination.to.some((a) => a.toLowerCase() === address.toLowerCase()));

const newSegment = async (size: number, label: string) => {
  const list = (await native.post('/api/v1/lists', { name: `${label} list` })).body.data;
  const addresses = Array.from({ length: size }, (_, i) => uniqueAddress(`${label}${i}`));
  for (const email of addresses)
    expect((await native.post('/api/v1/subscribers', { email, list_id: list.id })).status).toBe(201);
  return { segmentId: list.id as string, addresses };
};
const campaignOf = async (id: string) => (await native.get(`/api/v1/campaigns/${id}`)).body.data;

describe('broadcasts through the SDK are campaigns', () => {
  it('create, get, update, list, remove: each read natively as the campaign', async () => {
    const { segmentId } = await newSegment(1, 'crud');
    const created = await resend.broadcasts.create({
      name: 'Spring',
      from: FROM,
      subject: 'Spring news',
      html: HTML,
      text: 'Hi {{name}}',
      replyTo: 'reply@example.com',
      segmentId,
    });
    expect(created.error).toBeNull();
    expect(created.data).toEqual({ id: expect.stringMatching(UUID) });
    const id = created.data!.id;
    expect(await campaignOf(id)).toMatchObject({
      name: 'Spring',
      subject: 'Spring news',
      html: HTML,
      list_id: segmentId,
      from_email: 'news@example.com',
      from_name: 'Example News',
      reply_to: 'reply@example.com',
      status: 'draft',
    });

    const got = await resend.broadcasts.get(id);
    expect(got.error).toBeNull();
    expect(got.data).toEqual({
      object: 'broadcast',
      id,
      name: 'Spring',
      segment_id: segmentId,
      audience_id: segmentId,
      from: FROM,
      subject: 'Spring news',
      reply_to: ['reply@example.com'],
      preview_text: null,
      topic_id: null,
      status: 'draft',
      created_at: expect.stringMatching(/Z$/),
      scheduled_at: null,
      sent_at: null,
      html: HTML,
      text: 'Hi {{name}}',
    });

    const updated = await resend.broadcasts.update(id, { subject: 'Spring news, again', from: 'news@example.com' });
    expect(updated.error).toBeNull();
    expect(updated.data).toEqual({ id });
    expect(await campaignOf(id)).toMatchObject({ subject: 'Spring news, again', from_name: null, name: 'Spring' });

    const listed = await resend.broadcasts.list();
    expect(listed.error).toBeNull();
    expect(listed.data?.data[0]).toEqual({
      id,
      name: 'Spring',
      segment_id: segmentId,
      audience_id: segmentId,
      status: 'draft',
      created_at: expect.stringMatching(/Z$/),
      scheduled_at: null,
      sent_at: null,
    });

    const removed = await resend.broadcasts.remove(id);
    expect(removed.error).toBeNull();
    expect(removed.data).toEqual({ object: 'broadcast', id, deleted: true });
    expect((await native.get(`/api/v1/campaigns/${id}`)).status).toBe(404);
    expect((await resend.broadcasts.get(id)).error).toMatchObject({ statusCode: 404, name: 'not_found' });
  });

  it('a native campaign is a broadcast; the list pages by ids with after, before and has_more', async () => {
    const { segmentId } = await newSegment(1, 'page');
    const ids: string[] = [];
    for (const n of [1, 2, 3]) {
      const answer = await native.post('/api/v1/campaigns', {
        name: `Native ${n}`,
        subject: 'From the API',
        html: HTML,
        list_id: segmentId,
      });
      expect(answer.status).toBe(201);
      ids.push(answer.body.data.id);
    }
    expect((await resend.broadcasts.get(ids[0])).data).toMatchObject({
      name: 'Native 1',
      segment_id: segmentId,
      audience_id: segmentId,
      from: null,
      status: 'draft',
    });
    // Newest first: 3, 2, 1 at the top of the account's broadcasts.
    const first = await resend.broadcasts.list({ limit: 2 });
    expect(first.data?.data.map((b) => b.id)).toEqual([ids[2], ids[1]]);
    expect(first.data?.has_more).toBe(true);
    const next = await resend.broadcasts.list({ limit: 1, after: ids[1] });
    expect(next.data?.data.map((b) => b.id)).toEqual([ids[0]]);
    const back = await resend.broadcasts.list({ limit: 5, before: ids[0] });
    expect(back.data?.data.map((b) => b.id)).toEqual([ids[2], ids[1]]);
    expect(back.data?.has_more).toBe(false);
  });

  it('send: true sends it: every member gets the mail once; the broadcast reads sent', async () => {
    const { segmentId, addresses } = await newSegment(3, 'sendnow');
    const created = await resend.broadcasts.create({ from: FROM, subject: 'Now', html: HTML, segmentId, send: true });
    expect(created.error).toBeNull();
    const id = created.data!.id;
    expect((await campaignOf(id)).name).toBe('Now');
    await runJobsAndDrain();
    const all = await mailbox();
    for (const address of addresses) expect(mailsTo(all, address), address).toHaveLength(1);
    expect(mailsTo(all, addresses[0])[0].subject).toBe('Now');
    expect((await resend.broadcasts.get(id)).data).toMatchObject({
      status: 'sent',
      sent_at: expect.stringMatching(/Z$/),
    });
    expect(await campaignOf(id)).toMatchObject({ status: 'sent', stats: { recipients: 3, sent: 3 } });

    // Its recipients: the mail it made, one per member, newest member first, paged by member ids.
    const sent = await resend.broadcasts.recipients(id, { type: 'sent' });
    expect(sent.error).toBeNull();
    expect(sent.data?.has_more).toBe(false);
    expect(sent.data?.data.map((r) => r.email)).toEqual([...addresses].reverse());
    expect(sent.data?.data[0]).toEqual({ id: expect.stringMatching(UUID), contact_id: null, email: addresses[2] });
    const firstTwo = await resend.broadcasts.recipients(id, { type: 'sent', limit: 2 });
    expect(firstTwo.data?.has_more).toBe(true);
    const rest = await resend.broadcasts.recipients(id, { type: 'sent', after: firstTwo.data!.data[1].id });
    expect(rest.data?.data.map((r) => r.email)).toEqual([addresses[0]]);
    const one = await resend.broadcasts.recipients(id, { type: 'sent', email: addresses[1].toUpperCase() });
    expect(one.data?.data.map((r) => r.email)).toEqual([addresses[1]]);
    expect((await resend.broadcasts.recipients(id, { type: 'opened' })).data?.data).toEqual([]);
    const natively = await native.get(`/api/v1/campaigns/${id}/recipients?limit=5`);
    expect(natively.status).toBe(200);
    expect(natively.body.data.recipients).toHaveLength(3);
    expect(natively.body.data.recipients[0]).toEqual({
      id: sent.data!.data[0].id,
      email: addresses[2],
      status: 'sent',
      opens: 0,
      clicks: 0,
    });
    expect((await resend.broadcasts.recipients(id, { type: 'sent', after: id })).error).toMatchObject({
      statusCode: 422,
      message: expect.stringContaining('after'),
    });
    // Sent: no edit, no delete, no second send, no cancel, in Resend's error shape.
    expect((await resend.broadcasts.update(id, { subject: 'x' })).error).toMatchObject({ statusCode: 409 });
    expect((await resend.broadcasts.remove(id)).error).toMatchObject({ statusCode: 409 });
    expect((await resend.broadcasts.send(id)).error).toMatchObject({ statusCode: 409 });
    expect((await resend.broadcasts.cancel(id)).error).toMatchObject({ statusCode: 409, name: 'validation_error' });
  });

  it('scheduled in natural language, cancelled back to draft, sent again at an ISO time; duplicated', async () => {
    const { segmentId } = await newSegment(1, 'sched');
    const before = Date.now();
    const created = await resend.broadcasts.create({
      from: FROM,
      subject: 'Later',
      html: HTML,
      audienceId: segmentId,
      send: true,
      scheduledAt: 'in 2 days',
    });
    expect(created.error).toBeNull();
    const id = created.data!.id;
    const scheduled = (await resend.broadcasts.get(id)).data!;
    expect(scheduled.status).toBe('queued');
    const at = new Date(scheduled.scheduled_at!).getTime();
    expect(at - before).toBeGreaterThanOrEqual(2 * 86_400_000 - 1000);
    expect(at - Date.now()).toBeLessThanOrEqual(2 * 86_400_000 + 1000);
    expect((await campaignOf(id)).status).toBe('scheduled');

    const cancelled = await resend.broadcasts.cancel(id);
    expect(cancelled.error).toBeNull();
    expect(cancelled.data).toEqual({ object: 'broadcast', id });
    expect(await campaignOf(id)).toMatchObject({ status: 'draft', send_at: null });
    expect((await resend.broadcasts.update(id, { subject: 'Later, edited' })).error).toBeNull();

    const when = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const sent = await resend.broadcasts.send(id, { scheduledAt: when });
    expect(sent.error).toBeNull();
    expect(sent.data).toEqual({ id });
    expect(await campaignOf(id)).toMatchObject({ status: 'scheduled', send_at: when, subject: 'Later, edited' });

    const copy = await resend.broadcasts.duplicate(id);
    expect(copy.error).toBeNull();
    expect(copy.data).toEqual({ object: 'broadcast', id: expect.stringMatching(UUID) });
    expect(copy.data!.id).not.toBe(id);
    expect(await campaignOf(copy.data!.id)).toMatchObject({
      status: 'draft',
      send_at: null,
      subject: 'Later, edited',
      list_id: segmentId,
      from_email: 'news@example.com',
      stats: { recipients: 0 },
    });
    expect((await resend.broadcasts.cancel(copy.data!.id)).error).toMatchObject({ statusCode: 409 });
  });
});

describe('a broadcast with a topic', () => {
  it('is the campaign with that topic_id, natively and through the SDK', async () => {
    const { segmentId } = await newSegment(1, 'topic');
    const topic = await native.post('/api/v1/topics', { name: 'Product news', default_subscription: 'opt_in' });
    expect(topic.status).toBe(201);
    const topicId = topic.body.data.id as string;
    const { data, error } = await resend.broadcasts.create({
      from: FROM,
      subject: 'T',
      html: HTML,
      segmentId,
      topicId,
    });
    expect(error).toBeNull();
    expect((await native.get(`/api/v1/campaigns/${data!.id}`)).body.data.topic_id).toBe(topicId);
    expect((await resend.broadcasts.get(data!.id)).data).toMatchObject({ topic_id: topicId });
    await resend.broadcasts.update(data!.id, { topicId: null });
    expect((await native.get(`/api/v1/campaigns/${data!.id}`)).body.data.topic_id).toBeNull();
  });
});

describe('clicked links', () => {
  const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) Gecko/20100101 Firefox/128.0';
  const OFFER = 'https://shop.example.com/offer?item=42';
  const DOCS = 'https://docs.example.com/start';
  const LINKED =
    `<p>Hi</p><a href="${OFFER}">Offer</a> <a href="${DOCS}">Docs</a>` + '<a href="{{unsubscribe_url}}">Leave</a>';
  const trackedLinks = (mail: SentMail) =>
    [...(mail.body.html ?? '').matchAll(/href="([^"]*\/t\/c\/[^"]+)"/g)].map((m) => m[1]!);
  const click = (url: string, userAgent = BROWSER) =>
    fetch(url, { redirect: 'manual', headers: { 'User-Agent': userAgent } });

  it('counts every reader click per URL and once per mail as unique; read through the SDK and natively', async () => {
    const { segmentId, addresses } = await newSegment(2, 'clicks');
    const created = await resend.broadcasts.create({
      from: FROM,
      subject: 'Links',
      html: LINKED,
      segmentId,
      send: true,
    });
    expect(created.error).toBeNull();
    const id = created.data!.id;
    await runJobsAndDrain();
    expect((await resend.broadcasts.clickedLinks(id)).data).toEqual({ object: 'list', has_more: false, data: [] });

    const all = await mailbox();
    const [offerA, docsA] = trackedLinks(mailsTo(all, addresses[0])[0]);
    const [offerB] = trackedLinks(mailsTo(all, addresses[1])[0]);
    for (const url of [offerA, offerA, docsA, offerB])
      expect((await click(url!)).headers.get('location')).toMatch(/^https:/);
    // A link scanner's fetch is no reader's click.
    await click(offerB!, 'Mozilla/5.0 (compatible; Proofpoint URL Defense)');

    const links = await resend.broadcasts.clickedLinks(id);
    expect(links.error).toBeNull();
    expect(links.data?.has_more).toBe(false);
    const byUrl = Object.fromEntries(links.data!.data.map((l) => [l.url, l]));
    expect(byUrl).toEqual({
      [OFFER]: { id: expect.stringMatching(/^[0-9a-f]{32}$/), url: OFFER, clicks: 3, unique_clicks: 2 },
      [DOCS]: { id: expect.stringMatching(/^[0-9a-f]{32}$/), url: DOCS, clicks: 1, unique_clicks: 1 },
    });
    // Paged by the rows' ids, in their order.
    const first = await resend.broadcasts.clickedLinks(id, { limit: 1 });
    expect(first.data?.has_more).toBe(true);
    expect(first.data?.data).toEqual([links.data!.data[0]]);
    const next = await resend.broadcasts.clickedLinks(id, { limit: 1, after: first.data!.data[0].id });
    expect(next.data).toEqual({ object: 'list', has_more: false, data: [links.data!.data[1]] });
    const back = await resend.broadcasts.clickedLinks(id, { before: links.data!.data[1].id });
    expect(back.data?.data).toEqual([links.data!.data[0]]);

    const natively = await native.get(`/api/v1/campaigns/${id}/clicked-links?limit=10`);
    expect(natively.status).toBe(200);
    expect(natively.body.data).toEqual({ links: links.data!.data, has_more: false });
    expect(await campaignOf(id)).toMatchObject({ stats: { clicked: 2 } });

    // An anchor that is no link of it is 422; another campaign's, or none, 404.
    expect((await resend.broadcasts.clickedLinks(id, { after: 'f'.repeat(32) })).error).toMatchObject({
      statusCode: 422,
      message: expect.stringContaining('after'),
    });
    expect((await resend.broadcasts.clickedLinks(crypto.randomUUID())).error).toMatchObject({
      statusCode: 404,
      name: 'not_found',
    });
    expect((await native.get(`/api/v1/campaigns/${crypto.randomUUID()}/clicked-links`)).status).toBe(404);
  });

  it(`counts at most ${MAX_CAMPAIGN_LINKS} distinct URLs per campaign; the redirects go on`, async () => {
    const { segmentId, addresses } = await newSegment(1, 'manylinks');
    const created = await resend.broadcasts.create({
      from: FROM,
      subject: 'Many',
      html: LINKED,
      segmentId,
      send: true,
    });
    const id = created.data!.id;
    await runJobsAndDrain();
    const [offer] = trackedLinks(mailsTo(await mailbox(), addresses[0])[0]);
    const key = process.env.TRACKING_SECRET!;
    const claim = verifyToken(key, offer!.split('/t/c/')[1]!, 'click') as Extract<TrackingClaim, { kind: 'click' }>;
    // Links as a reader's variables would make them: one URL per reader (here, one per click).
    const personal = (n: number) =>
      `${tracked.service.baseUrl}/t/c/${signToken(key, { ...claim, url: `https://shop.example.com/r/${n}` })}`;
    for (let n = 0; n < MAX_CAMPAIGN_LINKS + 5; n++) expect((await click(personal(n))).status).toBe(302);
    expect((await click(personal(0))).status).toBe(302);

    const counted: { url: string; clicks: number }[] = [];
    let after: string | undefined;
    do {
      const page = await resend.broadcasts.clickedLinks(id, { limit: 100, ...(after ? { after } : {}) });
      counted.push(...page.data!.data);
      after = page.data!.has_more ? page.data!.data.at(-1)!.id : undefined;
    } while (after);
    expect(counted).toHaveLength(MAX_CAMPAIGN_LINKS);
    expect(counted.find((l) => l.url === 'https://shop.example.com/r/0')?.clicks).toBe(2);
    expect(counted.some((l) => l.url === `https://shop.example.com/r/${MAX_CAMPAIGN_LINKS}`)).toBe(false);
  });
});

describe('native equivalents', () => {
  it('unschedule takes a scheduled campaign back to draft; its waiting job then sends nothing', async () => {
    const { segmentId, addresses } = await newSegment(1, 'unsched');
    const campaign = (
      await native.post('/api/v1/campaigns', { name: 'Soon', subject: 'Soon', html: HTML, list_id: segmentId })
    ).body.data;
    const sendAt = new Date(Date.now() + 2000).toISOString();
    expect((await native.post(`/api/v1/campaigns/${campaign.id}/send`, { send_at: sendAt })).status).toBe(202);
    const back = await native.post(`/api/v1/campaigns/${campaign.id}/unschedule`);
    expect(back.status).toBe(200);
    expect(back.body.data).toMatchObject({ id: campaign.id, status: 'draft', send_at: null });
    expect((await native.post(`/api/v1/campaigns/${campaign.id}/unschedule`)).status).toBe(409);
    await new Promise((resolve) => setTimeout(resolve, 2500));
    await runJobsAndDrain();
    expect(mailsTo(await mailbox(), addresses[0])).toHaveLength(0);
    expect((await campaignOf(campaign.id)).status).toBe('draft');
  });

  it('duplicate copies a campaign into a new draft; a broadcast made natively is read by the SDK', async () => {
    const { segmentId } = await newSegment(1, 'dup');
    const campaign = (
      await native.post('/api/v1/campaigns', {
        name: 'Original',
        subject: 'Orig',
        html: HTML,
        list_id: segmentId,
        from_email: 'news@example.com',
        from_name: 'News',
      })
    ).body.data;
    const copy = await native.post(`/api/v1/campaigns/${campaign.id}/duplicate`);
    expect(copy.status).toBe(201);
    expect(copy.body.data).toMatchObject({ name: 'Original', subject: 'Orig', status: 'draft', list_id: segmentId });
    expect(copy.body.data.id).not.toBe(campaign.id);
    expect((await resend.broadcasts.get(copy.body.data.id)).data).toMatchObject({ from: 'News <news@example.com>' });
    expect((await native.post('/api/v1/campaigns/00000000-0000-4000-8000-000000000000/duplicate')).status).toBe(404);
  });
});

describe('bad input is a 4xx in Resend’s error shape, never a 5xx, and writes nothing', () => {
  const countCampaigns = async () => (await native.get('/api/v1/campaigns?limit=1')).body.data.total as number;

  it('refused fields are 422 validation_error naming them', async () => {
    const { segmentId } = await newSegment(1, 'bad');
    const total = await countCampaigns();
    const base = { from: FROM, subject: 'Bad', html: HTML, segmentId };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, previewText: 'Peek' }, 'preview_text'],
      [{ ...base, from: undefined }, 'from'],
      [{ ...base, segmentId: undefined }, 'segment_id'],
      [{ ...base, replyTo: ['a@example.com', 'b@example.com'] }, 'reply_to'],
      [{ ...base, send: true, scheduledAt: 'when pigs fly' }, 'scheduled_at'],
      [{ ...base, send: true, scheduledAt: 'in 40 days' }, 'scheduled_at'],
      [{ ...base, scheduledAt: 'in 1 hour' }, 'scheduled_at'],
      [{ ...base, html: '<p>{{nope}}</p>' }, 'html'],
    ];
    for (const [payload, field] of cases) {
      const answer = await resend.broadcasts.create(payload as never);
      expect(answer.error, field).toMatchObject({ statusCode: 422, name: 'validation_error' });
      expect(answer.error?.message, field).toContain(field);
    }
    const unknownSegment = await resend.broadcasts.create({
      ...base,
      segmentId: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknownSegment.error).toMatchObject({ statusCode: 404, name: 'not_found' });
    const unknownTopic = await resend.broadcasts.create({ ...base, topicId: 'c4f2e0f0-0000-4000-8000-000000000000' });
    expect(unknownTopic.error).toMatchObject({ statusCode: 404, name: 'not_found' });
    // Nothing was written, not even the draft of the send that was refused (40 days ahead).
    expect(await countCampaigns()).toBe(total);

    const draft = (await resend.broadcasts.create(base)).data!.id;
    expect((await resend.broadcasts.update(draft, { topicId: 'x' })).error).toMatchObject({ statusCode: 422 });
    expect((await resend.broadcasts.send(draft, { scheduledAt: 'someday' })).error).toMatchObject({
      statusCode: 422,
      message: expect.stringContaining('scheduled_at'),
    });
    expect((await resend.broadcasts.cancel(draft)).error).toMatchObject({ statusCode: 409 });
    expect((await resend.broadcasts.list({ after: '00000000-0000-4000-8000-000000000000' })).error).toMatchObject({
      statusCode: 422,
      name: 'validation_error',
    });
    expect((await campaignOf(draft)).status).toBe('draft');
  });

  it('another account’s broadcast is 404; a key without campaigns is 401 restricted_api_key', async () => {
    const { segmentId } = await newSegment(1, 'foreign');
    const id = (await resend.broadcasts.create({ from: FROM, subject: 'Mine', html: HTML, segmentId })).data!.id;
    const other = resendClient(tracked.service, (await newAccount('Broadcasts other')).apiKey);
    expect((await other.broadcasts.get(id)).error).toMatchObject({ statusCode: 404, name: 'not_found' });
    expect((await other.broadcasts.remove(id)).error).toMatchObject({ statusCode: 404 });
    expect((await other.broadcasts.list({ after: id })).error).toMatchObject({ statusCode: 422 });
    const subscribersOnly = resendClient(tracked.service, await keyWith(tracked.accountId, ['subscribers']));
    expect((await subscribersOnly.broadcasts.list()).error).toMatchObject({
      statusCode: 401,
      name: 'restricted_api_key',
    });
  });
});
