import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { awsCalls, resetAwsCalls } from '../../functions/adapters/instrument';
import { runJobsAndDrain } from '../support/jobs';
import { mailTo } from '../support/mailbox';
import { client, keyWith, uniqueAddress, type Client } from '../support/service';
import { startTrackedService } from '../support/tracked-service';

/**
 * `{{contact.<key>}}` in templates and campaigns: the reader's contact's own fields, each declared
 * property's value or its fallback; a transactional send reads the contact only for a template that
 * reads it.
 */
let tracked: Awaited<ReturnType<typeof startTrackedService>>;
let api: Client;

beforeAll(async () => {
  process.env.DRAIN_RETRY_BASE_SECONDS = '0';
  tracked = await startTrackedService('Contact Sender');
  api = client(
    tracked.service,
    await keyWith(tracked.accountId, ['subscribers', 'campaigns', 'mail', 'admin'], 100_000),
  );
  for (const property of [
    { key: 'plan', type: 'string', fallback_value: 'free' },
    { key: 'score', type: 'number' },
  ])
    expect((await api.post('/api/v1/contact-properties', property)).status).toBe(201);
});
afterAll(async () => {
  delete process.env.DRAIN_RETRY_BASE_SECONDS;
  await tracked.close();
});

const newContact = async (body: Record<string, unknown>) =>
  expect((await api.post('/api/v1/contacts', body)).status).toBe(201);
const textOf = async (email: string, subject: string) =>
  (await mailTo(email)).filter((m) => m.subject === subject).map((m) => m.body.text?.trim());

describe('{{contact.<key>}}', () => {
  it("a campaign renders each reader's contact: fields, values, fallbacks (a reader of no values)", async () => {
    const list = (await api.post('/api/v1/lists', { name: 'Contact readers' })).body.data.id as string;
    const [ada, bob] = [uniqueAddress('ada'), uniqueAddress('bob')];
    await newContact({ email: ada, first_name: 'Ada', last_name: 'L', properties: { plan: 'pro', score: 7 } });
    for (const email of [ada, bob])
      expect((await api.post('/api/v1/subscribers', { email, list_id: list })).status).toBe(201);
    const subject = `Contacts ${Math.random()}`;
    const created = await api.post('/api/v1/campaigns', {
      name: subject,
      subject,
      text: 'Hi {{contact.first_name}} {{contact.last_name}} <{{contact.email}}>: {{contact.plan}}/{{contact.score}}.',
      list_id: list,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect((await api.post(`/api/v1/campaigns/${created.body.data.id}/send`, {})).status).toBe(202);
    await runJobsAndDrain();
    expect((await textOf(ada, subject))[0]).toMatch(new RegExp(`^Hi Ada L <${ada}>: pro/7\\.`));
    expect((await textOf(bob, subject))[0]).toMatch(new RegExp(`^Hi   <${bob}>: free/\\.`));
  });

  it('a template send reads the contact of its address (3 reads), nothing when it does not read it', async () => {
    const ada = uniqueAddress('ada');
    await newContact({ email: ada, first_name: 'Ada', properties: { plan: 'pro' } });
    const template = async (text: string) =>
      (await api.post('/api/v1/templates', { name: 'T', subject: 'Hello', text })).body.data.id as string;
    const withContact = await template('Dear {{contact.first_name}}, your plan: {{contact.plan}}.');
    const without = await template('Dear {{name}}.');
    const send = async (to: string, templateId: string, variables: Record<string, unknown> = {}) => {
      resetAwsCalls();
      const sent = await api.post('/api/v1/mail/send', { to, template_id: templateId, variables });
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);
      return { ...awsCalls };
    };
    await send(uniqueAddress('warm'), without, { name: 'x' });
    const plain = await send(ada, without, { name: 'Ada' });
    const reading = await send(ada, withContact);
    const reads = (calls: Record<string, number>) => (calls['DynamoDB.GetItem'] ?? 0) + (calls['DynamoDB.Query'] ?? 0);
    expect(reads(reading) - reads(plain)).toBe(3);
    // An address that is no contact reads the fallbacks; the caller's own `contact` never overrides a contact.
    const stranger = uniqueAddress('stranger');
    await send(stranger, withContact, { contact: { first_name: 'Mallory' } });
    const texts = [...(await mailTo(ada)), ...(await mailTo(stranger))].map((m) => m.body.text?.trim());
    expect(texts).toContain('Dear Ada, your plan: pro.');
    expect(texts).toContain('Dear , your plan: free.');
  });

  it('a batch renders each item with its own contact', async () => {
    const [ada, bob] = [uniqueAddress('ada'), uniqueAddress('bob')];
    await newContact({ email: ada, first_name: 'Ada', properties: { plan: 'pro' } });
    await newContact({ email: bob, first_name: 'Bob' });
    const templateId = (
      await api.post('/api/v1/templates', {
        name: 'B',
        subject: 'Batch',
        text: '{{contact.first_name}}:{{contact.plan}}',
      })
    ).body.data.id;
    const sent = await api.post('/api/v1/mail/send-batch', {
      messages: [ada, bob].map((to) => ({ to, template_id: templateId })),
    });
    expect(sent.status, JSON.stringify(sent.body)).toBeLessThan(300);
    await runJobsAndDrain();
    expect((await mailTo(ada)).map((m) => m.body.text?.trim())).toEqual(['Ada:pro']);
    expect((await mailTo(bob)).map((m) => m.body.text?.trim())).toEqual(['Bob:free']);
  });
});
