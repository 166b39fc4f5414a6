import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runJobsAndDrain } from '../support/jobs';
import { mailTo, type SentMail } from '../support/mailbox';
import { client, keyWith, newAccount, uniqueAddress, type Client } from '../support/service';
import { startTrackedService } from '../support/tracked-service';

/** Topics natively, and campaigns with a topic: whom they reach, and what their unsubscribe link leaves. */
let tracked: Awaited<ReturnType<typeof startTrackedService>>;
let api: Client;

beforeAll(async () => {
  process.env.DRAIN_RETRY_BASE_SECONDS = '0';
  tracked = await startTrackedService('Topic Sender');
  api = client(tracked.service, await keyWith(tracked.accountId, ['subscribers', 'campaigns', 'admin'], 100_000));
});
afterAll(async () => {
  delete process.env.DRAIN_RETRY_BASE_SECONDS;
  await tracked.close();
});

const patch = (path: string, body: unknown) => api.call('PATCH', path, body);
const topic = async (name: string, default_subscription: string) =>
  (await api.post('/api/v1/topics', { name, default_subscription })).body.data.id as string;
const choose = (email: string, id: string, subscription: string) =>
  patch(`/api/v1/contacts/${email}/topics`, { topics: [{ id, subscription }] });

/** Sends a campaign to the list with the topic; the subjects each address received of it. */
const send = async (listId: string, topicId: string | null, subject: string) => {
  const created = await api.post('/api/v1/campaigns', {
    name: subject,
    subject,
    text: 'Hello',
    list_id: listId,
    ...(topicId ? { topic_id: topicId } : {}),
  });
  expect(created.status).toBe(201);
  expect(created.body.data.topic_id).toBe(topicId);
  expect((await api.post(`/api/v1/campaigns/${created.body.data.id}/send`, {})).status).toBe(202);
  await runJobsAndDrain();
  return created.body.data.id as string;
};
const received = async (email: string, subject: string) =>
  (await mailTo(email)).filter((m: SentMail) => m.subject === subject);
const unsubscribeLink = (mail: SentMail) =>
  /^<(.+)>$/.exec(mail.headers?.find((h) => h.name.toLowerCase() === 'list-unsubscribe')?.value ?? '')?.[1];

describe('topics natively', () => {
  it('create, get, update, list, delete; bad input 4xx naming the field', async () => {
    const created = await api.post('/api/v1/topics', {
      name: 'Digest',
      description: 'Every Monday',
      default_subscription: 'opt_out',
      visibility: 'public',
    });
    expect(created.status).toBe(201);
    const id = created.body.data.id;
    expect(created.body.data).toEqual({
      id,
      name: 'Digest',
      description: 'Every Monday',
      default_subscription: 'opt_out',
      visibility: 'public',
      created_at: expect.any(String),
    });
    expect(
      (await patch(`/api/v1/topics/${id}`, { name: 'Weekly digest', visibility: 'private' })).body.data,
    ).toMatchObject({ name: 'Weekly digest', visibility: 'private', default_subscription: 'opt_out' });
    expect((await api.get(`/api/v1/topics/${id}`)).body.data.name).toBe('Weekly digest');
    expect((await api.get('/api/v1/topics')).body.data.topics.map((t: { id: string }) => t.id)).toContain(id);

    for (const bad of [
      {},
      { name: 'x', default_subscription: 'sometimes' },
      { name: '', default_subscription: 'opt_in' },
      { name: 'x', default_subscription: 'opt_in', visibility: 'secret' },
    ]) {
      const answer = await api.post('/api/v1/topics', bad);
      expect([JSON.stringify(bad), answer.status, answer.body.error.code]).toEqual([
        JSON.stringify(bad),
        400,
        'VALIDATION_ERROR',
      ]);
    }
    expect((await patch(`/api/v1/topics/${id}`, { visibility: 'secret' })).status).toBe(400);
    // Nothing to change (empty, or only fields a topic does not take) is refused, not a silent no-op.
    for (const body of [{}, { default_subscription: 'opt_out' }, { a: { b: 1 } }])
      expect((await patch(`/api/v1/topics/${id}`, body)).status, JSON.stringify(body)).toBe(400);
    // The field that cannot change is the one named.
    const fixed = await patch(`/api/v1/topics/${id}`, { name: 'Renamed', default_subscription: 'opt_in' });
    expect(fixed.body.error.details).toEqual([
      {
        field: 'default_subscription',
        message: 'default_subscription is set when the topic is made and cannot change',
      },
    ]);
    const email = uniqueAddress('choices');
    await api.post('/api/v1/contacts', { email });
    expect((await choose(email, crypto.randomUUID(), 'opt_in')).status).toBe(400);
    expect((await choose(email, id, 'maybe')).status).toBe(400);
    const other = client(tracked.service, (await newAccount('Other topics')).apiKey);
    expect((await other.get(`/api/v1/topics/${id}`)).status).toBe(404);
    const list = (await api.post('/api/v1/lists', { name: 'L' })).body.data;
    const theirs = (await other.post('/api/v1/topics', { name: 'T', default_subscription: 'opt_in' })).body.data.id;
    const campaign = await api.post('/api/v1/campaigns', {
      name: 'c',
      subject: 's',
      text: 't',
      list_id: list.id,
      topic_id: theirs,
    });
    expect(campaign.status).toBe(404);

    expect((await api.delete(`/api/v1/topics/${id}`)).status).toBe(200);
    expect((await api.get(`/api/v1/topics/${id}`)).status).toBe(404);
  });
});

describe('a campaign with a topic', () => {
  it('reaches exactly the opted-in members once each; its link leaves that topic only', async () => {
    const optOutTopic = await topic('Offers', 'opt_out');
    const optInTopic = await topic('News', 'opt_in');
    const list = (await api.post('/api/v1/lists', { name: 'Everyone' })).body.data;
    const [chose, silent, refused, unsubscribed] = ['chose', 'silent', 'refused', 'unsub'].map((n) => uniqueAddress(n));
    for (const email of [chose, silent, refused, unsubscribed])
      expect((await api.post('/api/v1/subscribers', { email, list_id: list.id })).status).toBe(201);
    await choose(chose, optOutTopic, 'opt_in');
    await choose(refused, optInTopic, 'opt_out');
    await choose(unsubscribed, optOutTopic, 'opt_in');
    await patch(`/api/v1/contacts/${unsubscribed}`, { unsubscribed: true });

    const offers = await send(list.id, optOutTopic, `Offers ${Math.random()}`);
    const news = await send(list.id, optInTopic, `News ${Math.random()}`);
    const subjectOf = async (id: string) => (await api.get(`/api/v1/campaigns/${id}`)).body.data.subject;
    const counts = async (subject: string) =>
      Promise.all([chose, silent, refused, unsubscribed].map(async (e) => (await received(e, subject)).length));
    expect(await counts(await subjectOf(offers))).toEqual([1, 0, 0, 0]);
    expect(await counts(await subjectOf(news))).toEqual([1, 1, 0, 0]);
    expect((await api.get(`/api/v1/campaigns/${offers}`)).body.data.stats.recipients).toBe(1);

    // The one-click of the Offers mail leaves Offers only: still in the list, still taking News.
    const [mail] = await received(chose, await subjectOf(offers));
    const link = unsubscribeLink(mail)!;
    expect(await (await fetch(link)).text()).toContain('the topic <strong>Offers</strong>');
    const left = await fetch(link, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(left.status).toBe(200);
    const topics = (await api.get(`/api/v1/contacts/${chose}/topics`)).body.data.topics;
    expect(
      Object.fromEntries(topics.map((t: { id: string; subscription: string }) => [t.id, t.subscription])),
    ).toMatchObject({
      [optOutTopic]: 'opt_out',
      [optInTopic]: 'opt_in',
    });
    const memberships = (await api.get(`/api/v1/contacts/${chose}/segments`)).body.data.segments;
    expect(memberships.map((s: { id: string }) => s.id)).toEqual([list.id]);
    const members = (await api.get(`/api/v1/subscribers?list_id=${list.id}&limit=10`)).body.data.subscribers;
    expect(members.find((m: { email: string }) => m.email === chose).status).toBe('subscribed');
    expect((await api.get(`/api/v1/campaigns/${offers}`)).body.data.stats.unsubscribed).toBe(1);

    const offersAgain = await send(list.id, optOutTopic, `Offers again ${Math.random()}`);
    const newsAgain = await send(list.id, optInTopic, `News again ${Math.random()}`);
    expect(await counts(await subjectOf(offersAgain))).toEqual([0, 0, 0, 0]);
    expect(await counts(await subjectOf(newsAgain))).toEqual([1, 1, 0, 0]);
  });
});

describe('the preference page', () => {
  it("shows the public topics with the reader's choices, saves the form, needs the signed link", async () => {
    const weekly = (
      await api.post('/api/v1/topics', { name: 'Weekly <b>', default_subscription: 'opt_in', visibility: 'public' })
    ).body.data.id;
    const launches = (
      await api.post('/api/v1/topics', { name: 'Launches', default_subscription: 'opt_out', visibility: 'public' })
    ).body.data.id;
    const hidden = await topic('Internal', 'opt_in');
    const list = (await api.post('/api/v1/lists', { name: 'Prefs' })).body.data;
    const email = uniqueAddress('prefs');
    await api.post('/api/v1/subscribers', { email, list_id: list.id });
    const subject = `Prefs ${Math.random()}`;
    await send(list.id, null, subject);
    const link = unsubscribeLink((await received(email, subject))[0])!;
    expect(await (await fetch(link)).text()).toContain('/preferences">Choose your topics</a>');

    const shown = await (await fetch(`${link}/preferences`)).text();
    expect(shown).toContain(`value="${weekly}" checked> <strong>Weekly &lt;b&gt;</strong>`);
    expect(shown).toContain(`value="${launches}"> <strong>Launches</strong>`);
    expect(shown).not.toContain('Internal');

    const saved = await fetch(`${link}/preferences`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: `topic=${launches}&topic=${hidden}`,
    });
    expect(saved.status).toBe(200);
    expect(await saved.text()).toContain('Your choices are saved.');
    const topics = (await api.get(`/api/v1/contacts/${email}/topics`)).body.data.topics;
    expect(
      Object.fromEntries(topics.map((t: { id: string; subscription: string }) => [t.id, t.subscription])),
    ).toMatchObject({
      [weekly]: 'opt_out',
      [launches]: 'opt_in',
      [hidden]: 'opt_in',
    });
    const altered = `${link.slice(0, -3)}${link.slice(-3) === 'AAA' ? 'BBB' : 'AAA'}/preferences`;
    expect((await fetch(altered)).status).toBe(404);
    expect((await fetch(altered, { method: 'POST', body: `topic=${weekly}` })).status).toBe(404);
  });
});
