import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { awsCalls, resetAwsCalls } from '../../functions/adapters/instrument';
import { drainOnce } from '../support/drain';
import { mailTo } from '../support/mailbox';
import { client, newAccount, startService, uniqueAddress, type Client, type TestService } from '../support/service';

let service: TestService;
let api: Client;
let other: Client;

beforeAll(async () => {
  process.env.DRAIN_RETRY_BASE_SECONDS = '0';
  service = await startService();
  api = client(service, (await newAccount()).apiKey);
  other = client(service, (await newAccount('Other')).apiKey);
  for (const account of [api, other]) {
    expect(
      (
        await account.post('/api/v1/providers', {
          type: 'ses',
          name: 'SES',
          from_email: 'tpl@example.com',
          region: 'us-east-1',
        })
      ).status,
    ).toBe(201);
  }
});
afterAll(async () => service.close());

const newTemplate = async (body: Record<string, unknown>, as = api) => {
  const answer = await as.post('/api/v1/templates', {
    name: 'Receipt',
    subject: 'Order {{order.id}} for {{name}}',
    ...body,
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.data.id as string;
};

const receipt = {
  html:
    '<p>Thanks {{name}}!</p>{{#items}}<li>{{title}}: {{{price_html}}}</li>{{/items}}{{^items}}<p>No ' +
    'items</p>{{/items}}<a href="https://shop.example.com/o/{{order.id}}">Your order</a>',
};
const variables = {
  name: 'Ann <& Co>',
  order: { id: 'A-17' },
  items: [{ title: 'Tea <green>', price_html: '<b>3 €</b>' }],
};
const untracked = { track_opens: false, track_clicks: false };

describe('sending by template', () => {
  it('sends what the preview renders (subject, escaped html, triple braces raw, text from the html)', async () => {
    const templateId = await newTemplate(receipt);
    const preview = (await api.post(`/api/v1/templates/${templateId}/render`, { variables })).body.data;
    expect(preview.html).toContain('<p>Thanks Ann &lt;&amp; Co&gt;!</p><li>Tea &lt;green&gt;: <b>3 €</b></li>');
    expect(preview.text).toContain('Thanks Ann <& Co>!');

    const to = uniqueAddress('tpl');
    const sent = await api.post('/api/v1/mail/send', { to, template_id: templateId, variables, ...untracked });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const [mail] = await mailTo(to);
    expect(mail.subject).toBe(preview.subject);
    expect(mail.subject).toBe('Order A-17 for Ann <& Co>');
    expect(mail.body.html).toBe(preview.html);
    expect(mail.body.text).toBe(preview.text);
  });

  it(
    'refuses a missing variable (naming it), both template and content, an unknown or foreign template, before ' +
      'anything is sent',
    async () => {
      const templateId = await newTemplate(receipt);
      const to = uniqueAddress('refused');
      const missing = await api.post('/api/v1/mail/send', { to, template_id: templateId, variables: { name: 'Ann' } });
      expect(missing.status).toBe(400);
      expect(missing.body.error).toMatchObject({
        code: 'VALIDATION_ERROR',
        message: expect.stringContaining('order.id'),
        details: [{ field: 'variables.order.id', message: expect.any(String) }],
      });
      const both = await api.post('/api/v1/mail/send', {
        to,
        template_id: templateId,
        variables,
        subject: 'x',
        text: 'y',
      });
      expect(both.status).toBe(400);
      expect(both.body.error.details.map((d: { field: string }) => d.field)).toEqual(['subject', 'text']);
      expect((await api.post('/api/v1/mail/send', { to, subject: 'x', text: 'y', variables })).status).toBe(400);
      expect(
        (await api.post('/api/v1/mail/send', { to, template_id: '00000000-0000-4000-8000-000000000000', variables }))
          .status,
      ).toBe(404);
      const foreign = await newTemplate(receipt, other);
      const answer = await api.post('/api/v1/mail/send', { to, template_id: foreign, variables });
      expect(answer.status).toBe(404);
      expect(answer.body.error.code).toBe('NOT_FOUND');
      // A variable that would make the subject a header injection is folded to a space, not refused.
      expect(
        (
          await api.post('/api/v1/mail/send', {
            to,
            template_id: templateId,
            variables: { ...variables, name: 'x\r\nBcc: y@example.com' },
          })
        ).status,
      ).toBe(200);
      const mails = await mailTo(to);
      expect(mails).toHaveLength(1);
      expect(mails[0].subject).toBe('Order A-17 for x Bcc: y@example.com');
    },
  );

  it(
    'renders batch items at accept time: each distinct template read once, a bad item fails alone, a later edit ' +
      'changes no queued mail',
    async () => {
      const templateId = await newTemplate(receipt);
      const second = await newTemplate({ subject: 'Hello {{name}}', text: 'Plain {{name}}' });
      const foreign = await newTemplate(receipt, other);
      const to = Array.from({ length: 6 }, (_, i) => uniqueAddress(`tb${i}`));
      resetAwsCalls();
      const answer = await api.post('/api/v1/mail/send-batch', {
        messages: [
          { to: to[0], template_id: templateId, variables, ...untracked },
          { to: to[1], template_id: templateId, variables: { ...variables, name: 'Bo', items: [] }, ...untracked },
          { to: to[2], template_id: templateId, variables: { name: 'Cy' } },
          { to: to[3], template_id: foreign, variables },
          { to: to[4], template_id: second, variables: { name: 'Di' } },
          { to: to[5], subject: 'Own', text: 'Own content' },
        ],
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      // One BatchGetItem for the three distinct templates, one for the suppressions and one for the name
      // claims of the senders' domains (as every batch).
      expect(awsCalls['DynamoDB.BatchGetItem']).toBe(3);
      const entries = answer.body.data.messages;
      expect(answer.body.data).toMatchObject({ total: 6, queued: 4, failed: 2 });
      expect(entries[2]).toEqual({
        to: to[2],
        status: 'failed',
        error: { code: 'VALIDATION_ERROR', message: expect.stringContaining('variables.order.id') },
      });
      expect(entries[3]).toEqual({
        to: to[3],
        status: 'failed',
        error: { code: 'NOT_FOUND', message: 'Template not found' },
      });

      // Edited after the batch was accepted: the queued mail keeps what it was rendered with.
      expect(
        (await api.put(`/api/v1/templates/${templateId}`, { subject: 'Changed', html: '<p>Changed</p>' })).status,
      ).toBe(200);
      await drainOnce();
      const [first] = await mailTo(to[0]);
      expect(first.subject).toBe('Order A-17 for Ann <& Co>');
      expect(first.body.html).toContain('<li>Tea &lt;green&gt;: <b>3 €</b></li>');
      const [empty] = await mailTo(to[1]);
      expect(empty.body.html).toContain('<p>No items</p>');
      const [plain] = await mailTo(to[4]);
      expect(plain).toMatchObject({ subject: 'Hello Di', body: { text: 'Plain Di' } });
      expect(plain.body.html).toBeUndefined();
      const [own] = await mailTo(to[5]);
      expect(own.body.text).toBe('Own content');
      expect(await mailTo(to[2])).toHaveLength(0);
      expect(await mailTo(to[3])).toHaveLength(0);
    },
  );
});
