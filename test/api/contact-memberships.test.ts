import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentClient, tableName } from '../../functions/adapters/dynamo/client';
import { keys } from '../../functions/adapters/dynamo/keys';
import { runJobs, runJobsAndDrain } from '../support/jobs';
import { mailTo } from '../support/mailbox';
import { client, keyWith, uniqueAddress, type Client } from '../support/service';
import { startTrackedService } from '../support/tracked-service';

/**
 * Memberships (subscribers) name their contact: written with it (POST /subscribers, imports), read by
 * the campaign fan-out; one written before (no contact id) still finds its contact by its address.
 * Imports make the contact of each new person, once.
 */
let tracked: Awaited<ReturnType<typeof startTrackedService>>;
let api: Client;
let accountId: string;
let apiKey: string;

beforeAll(async () => {
  process.env.DRAIN_RETRY_BASE_SECONDS = '0';
  tracked = await startTrackedService('Membership Sender');
  accountId = tracked.accountId;
  apiKey = await keyWith(accountId, ['subscribers', 'campaigns', 'admin'], 100_000);
  api = client(tracked.service, apiKey);
});
afterAll(async () => {
  delete process.env.DRAIN_RETRY_BASE_SECONDS;
  await tracked.close();
});

const newList = async () => (await api.post('/api/v1/lists', { name: `List ${Math.random()}` })).body.data.id as string;
const subscriberRecord = async (id: string) =>
  (await documentClient().send(new GetCommand({ TableName: tableName(), Key: keys.subscriber(accountId, id) }))).Item;
const contactOf = async (email: string) => {
  const answer = await api.get(`/api/v1/contacts/${encodeURIComponent(email)}`);
  return answer.status === 200 ? (answer.body.data as { id: string; email: string; first_name: string | null }) : null;
};
const subscribersOf = async (listId: string) =>
  (await api.get(`/api/v1/subscribers?list_id=${listId}&limit=100`)).body.data.subscribers as {
    id: string;
    email: string;
  }[];
const upload = async (listId: string, csv: string) => {
  const response = await fetch(`${tracked.service.baseUrl}/api/v1/lists/${listId}/import`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'text/csv' },
    body: csv,
  });
  return { status: response.status, body: (await response.json()) as any };
};

describe('memberships name their contact', () => {
  it('POST /subscribers writes the contact id, the same in every list of the address', async () => {
    const email = uniqueAddress('member');
    const [first, second] = [await newList(), await newList()];
    const a = await api.post('/api/v1/subscribers', { email, list_id: first });
    const b = await api.post('/api/v1/subscribers', { email: email.toUpperCase(), list_id: second });
    expect([a.status, b.status]).toEqual([201, 201]);
    const contact = await contactOf(email);
    expect(contact).not.toBeNull();
    expect((await subscriberRecord(a.body.data.id))?.contact_id).toBe(contact?.id);
    expect((await subscriberRecord(b.body.data.id))?.contact_id).toBe(contact?.id);
    // The seed's answer is unchanged: no contact id in it.
    expect(Object.keys((await api.get(`/api/v1/subscribers/${a.body.data.id}`)).body.data)).not.toContain('contact_id');
  });

  it('a list import makes a contact of each new person, once; an existing contact gains a membership', async () => {
    const known = uniqueAddress('known');
    expect((await api.post('/api/v1/contacts', { email: known, first_name: 'Kay' })).status).toBe(201);
    const before = await contactOf(known);
    const [ada, bob] = [uniqueAddress('ada'), uniqueAddress('bob')];
    const listId = await newList();
    const started = await upload(
      listId,
      ['email,name', `${ada},Ada`, `${known.toUpperCase()},Kay`, `${bob},`].join('\n'),
    );
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    await runJobs();
    expect((await api.get(`/api/v1/imports/${started.body.data.id}`)).body.data).toMatchObject({
      status: 'done',
      imported: 3,
    });
    const after = await contactOf(known);
    expect(after).toMatchObject({ id: before?.id, first_name: 'Kay' });
    const made = [await contactOf(ada), await contactOf(bob)];
    expect(made.every((c) => c !== null)).toBe(true);
    // A second import of the same people makes no second contact (409 on create proves one per address).
    const other = await newList();
    const again = await upload(other, ['email', ada, bob].join('\n'));
    await runJobs();
    expect((await api.get(`/api/v1/imports/${again.body.data.id}`)).body.data.imported).toBe(2);
    expect((await contactOf(ada))?.id).toBe(made[0]?.id);
    expect((await api.post('/api/v1/contacts', { email: ada })).status).toBe(409);
    // Every membership names its person's contact.
    const byEmail = new Map([
      [known.toLowerCase(), before?.id],
      [ada, made[0]?.id],
      [bob, made[1]?.id],
    ]);
    for (const s of [...(await subscribersOf(listId)), ...(await subscribersOf(other))])
      expect((await subscriberRecord(s.id))?.contact_id, s.email).toBe(byEmail.get(s.email.toLowerCase()));
  });

  it('a campaign reads contacts by the membership, by address for one written before contacts had ids', async () => {
    const listId = await newList();
    const [kept, gone, old] = [uniqueAddress('kept'), uniqueAddress('gone'), uniqueAddress('old')];
    const ids: Record<string, string> = {};
    for (const email of [kept, gone, old])
      ids[email] = (await api.post('/api/v1/subscribers', { email, list_id: listId })).body.data.id;
    // `old` as a subscriber written before memberships named contacts.
    await documentClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.subscriber(accountId, ids[old]),
        UpdateExpression: 'REMOVE contact_id',
      }),
    );
    for (const email of [gone, old])
      expect((await api.call('PATCH', `/api/v1/contacts/${email}`, { unsubscribed: true })).status).toBe(200);
    const subject = `Members ${Math.random()}`;
    const created = await api.post('/api/v1/campaigns', { name: subject, subject, text: 'Hi', list_id: listId });
    expect((await api.post(`/api/v1/campaigns/${created.body.data.id}/send`, {})).status).toBe(202);
    await runJobsAndDrain();
    const got = async (email: string) => (await mailTo(email)).filter((m) => m.subject === subject).length;
    expect([await got(kept), await got(gone), await got(old)]).toEqual([1, 0, 0]);
  });
});
