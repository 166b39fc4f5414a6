import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { awsCalls, resetAwsCalls } from '../../functions/adapters/instrument';
import { runJobs, runJobsAndDrain } from '../support/jobs';
import type { SentMail } from '../support/mailbox';
import { client, keyWith, newAccount, uniqueAddress, type Client } from '../support/service';
import { startTrackedService } from '../support/tracked-service';

let tracked: Awaited<ReturnType<typeof startTrackedService>>;
let api: Client;

beforeAll(async () => {
  process.env.DRAIN_RETRY_BASE_SECONDS = '0';
  tracked = await startTrackedService('Templates');
  api = client(
    tracked.service,
    await keyWith(tracked.accountId, ['subscribers', 'campaigns', 'mail', 'admin'], 100_000),
  );
});
afterAll(async () => tracked.close());

const mailbox = async () =>
  ((await (await fetch(`${process.env.SES_ENDPOINT}/store`)).json()) as { emails: SentMail[] }).emails;
const mailsTo = (all: SentMail[], address: string) =>
  all.filter((m) => m.destination.to.some((a) => a.toLowerCase() === address.toLowerCase()));

const newList = async (size: number, label: string) => {
  const list = (await api.post('/api/v1/lists', { name: `${label} list` })).body.data;
  const addresses = Array.from({ length: size }, (_, i) => uniqueAddress(`${label}${i}`));
  for (let i = 0; i < addresses.length; i += 20) {
    await Promise.all(
      addresses.slice(i, i + 20).map(async (email, j) => {
        const created = await api.post('/api/v1/subscribers', {
          email,
          list_id: list.id,
          name: `Reader <${i + j}>`,
          metadata: { plan: i + j === 0 ? 'gold & more' : 'basic' },
        });
        expect(created.status).toBe(201);
      }),
    );
  }
  return { listId: list.id as string, addresses };
};

const newTemplate = async (body: Record<string, unknown>) => {
  const answer = await api.post('/api/v1/templates', { name: 'Newsletter', ...body });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.data.id as string;
};

describe('campaigns from templates', () => {
  it('reaches 240 subscribers each with their own name and metadata, the template copied at send (a later edit ' +
    'changes nothing), <= 1.2 AWS calls per recipient, its kept body included', async () => {
    const { listId, addresses } = await newList(240, 'ct');
    const templateId = await newTemplate({
      subject: '{{issue}}: hello {{name}}',
      html:
        '<html><body><h1>{{issue}}</h1><p>Dear {{name}} ({{email}}), plan {{metadata.plan}}.</p>{{#links}}<a ' +
        'href="{{url}}">{{label}}</a>{{/links}}</body></html>',
      text: 'Dear {{name}}, plan {{metadata.plan}} - {{issue}}',
    });
    const created = await api.post('/api/v1/campaigns', {
      name: 'Issue 7',
      template_id: templateId,
      variables: { issue: 'Issue #7', links: [{ url: 'https://example.com/a', label: 'A & B' }] },
      list_id: listId,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data).toMatchObject({
      template_id: templateId,
      subject: '{{issue}}: hello {{name}}',
      variables: { issue: 'Issue #7' },
    });

    expect((await api.post(`/api/v1/campaigns/${created.body.data.id}/send`, {})).status).toBe(202);
    // Edited once the campaign was sent: its mail keeps the template as it was at the send.
    expect((await api.put(`/api/v1/templates/${templateId}`, { subject: 'Changed {{name}}' })).status).toBe(200);

    resetAwsCalls();
    await runJobs();
    const calls = Object.values(awsCalls).reduce((a, b) => a + b, 0);
    // 1.2 a reader with its kept body: its record, its share of a queue batch of 10 and of a body batch of 25
    // (docs/decisions/0099-message-bodies-kept.md), the chunk's reads. Those are a Query, and a BatchGetItem a
    // hundred readers each for suppressions and for contacts, which the memberships name
    // (docs/decisions/0103-contact-id-on-memberships.md): no second one for the addresses' claims.
    expect(awsCalls['DynamoDB.BatchGetItem']).toBe(2 * Math.ceil(240 / 100));
    expect(calls / 240).toBeLessThanOrEqual(1.2);
    await runJobsAndDrain();

    const all = await mailbox();
    for (const [i, address] of addresses.entries()) {
      const mails = mailsTo(all, address);
      expect(mails, address).toHaveLength(1);
      const [mail] = mails;
      expect(mail.subject).toBe(`Issue #7: hello Reader <${i}>`);
      const plan = i === 0 ? 'gold &amp; more' : 'basic';
      expect(mail.body.html).toContain(`<p>Dear Reader &lt;${i}&gt; (${address}), plan ${plan}.</p>`);
      expect(mail.body.html).toContain('A &amp; B</a>');
      expect(mail.body.html).toContain('Unsubscribe</a>');
      expect(mail.body.text).toContain(`Dear Reader <${i}>, plan ${i === 0 ? 'gold & more' : 'basic'} - Issue #7`);
    }
    expect((await api.get(`/api/v1/campaigns/${created.body.data.id}`)).body.data).toMatchObject({
      status: 'sent',
      stats: { sent: 240 },
    });
  }, 180_000);

  it('refuses a variable the template needs and nobody gives, content beside a template, unknown or foreign ' +
    'templates', async () => {
    const { listId } = await newList(1, 'cv');
    const templateId = await newTemplate({
      subject: 'Hi {{name}}',
      text: '{{greeting}} {{name}}, {{#extra}}{{x}}{{/extra}}',
    });
    const missing = await api.post('/api/v1/campaigns', { name: 'x', template_id: templateId, list_id: listId });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: expect.stringContaining('greeting'),
      details: [{ field: 'variables.greeting', message: expect.any(String) }],
    });
    const both = await api.post('/api/v1/campaigns', {
      name: 'x',
      template_id: templateId,
      variables: { greeting: 'Hey' },
      subject: 'own',
      list_id: listId,
    });
    expect(both.status).toBe(400);
    expect(
      (
        await api.post('/api/v1/campaigns', {
          name: 'x',
          template_id: '00000000-0000-4000-8000-000000000000',
          list_id: listId,
        })
      ).status,
    ).toBe(404);
    const stranger = client(tracked.service, (await newAccount('Stranger')).apiKey);
    const theirs = (await stranger.post('/api/v1/templates', { name: 't', subject: 's', text: 't' })).body.data.id;
    expect((await api.post('/api/v1/campaigns', { name: 'x', template_id: theirs, list_id: listId })).status).toBe(404);

    const campaign = (
      await api.post('/api/v1/campaigns', {
        name: 'x',
        template_id: templateId,
        variables: { greeting: 'Hey' },
        list_id: listId,
      })
    ).body.data;
    expect((await api.put(`/api/v1/campaigns/${campaign.id}`, { variables: {} })).status).toBe(400);
    expect((await api.put(`/api/v1/campaigns/${campaign.id}`, { html: '<p>own</p>' })).status).toBe(400);
    // The template gains a variable before the send: the send names it.
    expect((await api.put(`/api/v1/templates/${templateId}`, { subject: 'Hi {{name}} {{surname}}' })).status).toBe(200);
    const send = await api.post(`/api/v1/campaigns/${campaign.id}/send`, {});
    expect(send.status).toBe(400);
    expect(send.body.error.details[0].field).toBe('variables.surname');
    // Leaving the template keeps its copy as the campaign's own content.
    const left = await api.put(`/api/v1/campaigns/${campaign.id}`, { template_id: null });
    expect(left.status).toBe(200);
    expect(left.body.data).toMatchObject({ template_id: null, variables: null, subject: 'Hi {{name}}' });
  }, 60_000);

  it('keeps the unknown placeholder 400 for campaigns with their own content, metadata names included', async () => {
    const { listId } = await newList(1, 'cu');
    const ok = await api.post('/api/v1/campaigns', {
      name: 'x',
      subject: 'Hi {{name}}',
      html: '<p>{{metadata.plan}} {{#metadata}}{{plan}}{{/metadata}} {{{unsubscribe_url}}}</p>',
      list_id: listId,
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    const unknown = await api.post('/api/v1/campaigns', {
      name: 'x',
      subject: 'Hi',
      html: '<p>{{#vip}}yes{{/vip}}</p>',
      list_id: listId,
    });
    expect(unknown.body.error.details).toEqual([{ field: 'html', message: expect.stringContaining('{{vip}}') }]);
    const syntax = await api.post('/api/v1/campaigns', { name: 'x', subject: 'Hi', text: '{{#a}}', list_id: listId });
    expect(syntax.body.error.details).toEqual([
      { field: 'text', message: expect.stringContaining('Unclosed section') },
    ]);
  });
});
