import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, newAccount, startService, type Client, type TestService } from '../support/service';

let service: TestService;
let api: Client;

beforeAll(async () => {
  service = await startService();
  api = client(service, (await newAccount()).apiKey);
});
afterAll(async () => service.close());

const newTemplate = async (body: Record<string, unknown>) => {
  const answer = await api.post('/api/v1/templates', { name: 'Welcome', subject: 'Hi {{name}}', ...body });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.data;
};
const render = (id: string, variables: Record<string, unknown>) =>
  api.post(`/api/v1/templates/${id}/render`, { variables });

describe('templates', () => {
  it(
    'stores a template, lists the variables it reads, and renders html escaped, triple braces raw, subject and ' +
      'text as written',
    async () => {
      const template = await newTemplate({
        html:
          '<p>Hello {{name}}, {{{badge}}} for ' +
          '{{user.email}}</p>{{#items}}<li>{{title}}</li>{{/items}}{{^items}}<p>Nothing yet</p>{{/items}}',
        text: 'Hello {{name}} & {{user.email}}',
      });
      expect(template).toMatchObject({
        name: 'Welcome',
        subject: 'Hi {{name}}',
        variables: ['name', 'badge', 'user.email', 'items'],
      });
      expect(template.created_at).toMatch(/Z$/);

      const rendered = await render(template.id, {
        name: 'Ann <b> & "Co"',
        badge: '<b>gold</b>',
        user: { email: 'ann@example.com' },
        items: [{ title: 'A<1>' }, { title: 'B' }],
      });
      expect(rendered.status).toBe(200);
      expect(rendered.body.data).toEqual({
        subject: 'Hi Ann <b> & "Co"',
        html:
          '<p>Hello Ann &lt;b&gt; &amp; &quot;Co&quot;, <b>gold</b> for ' +
          'ann@example.com</p><li>A&lt;1&gt;</li><li>B</li>',
        text: 'Hello Ann <b> & "Co" & ann@example.com',
      });
      // The inverted section shows when its list is empty or absent (a section's name is optional).
      const empty = await render(template.id, { name: 'Bo', badge: '', user: { email: 'bo@example.com' } });
      expect(empty.body.data.html).toBe('<p>Hello Bo,  for bo@example.com</p><p>Nothing yet</p>');
    },
  );

  it('refuses a missing variable naming it, and folds line breaks a variable brings into the subject', async () => {
    const template = await newTemplate({ text: 'Code {{code}}' });
    const missing = await render(template.id, { name: 'x' });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [{ field: 'variables.code', message: expect.stringContaining('{{code}}') }],
    });
    expect((await render(template.id, { name: 'a\r\nBcc: x@example.com', code: 1 })).body.data.subject).toBe(
      'Hi a Bcc: x@example.com',
    );
  });

  it('makes a text part from the html when the template has none', async () => {
    const template = await newTemplate({
      html: '<h1>Welcome</h1><p>Dear {{name}}, <a href="https://example.com/start">start here</a>.</p>',
    });
    const rendered = await render(template.id, { name: 'Ann' });
    expect(rendered.body.data.html).toContain('Dear Ann');
    expect(rendered.body.data.text).toContain('Dear Ann, start here [https://example.com/start].');
  });

  it('answers a syntax error as a 400 naming the field and the position', async () => {
    const answer = await api.post('/api/v1/templates', { name: 'Bad', subject: 'Fine', html: '<p>{{#items}}open</p>' });
    expect(answer.status).toBe(400);
    expect(answer.body.error.details).toEqual([
      { field: 'html', message: expect.stringMatching(/Unclosed section "items" at \d+/) },
    ]);
    const tag = await api.post('/api/v1/templates', { name: 'Bad', subject: 'Hi {{name', text: 'x' });
    expect(tag.body.error.details).toEqual([
      { field: 'subject', message: expect.stringMatching(/Unclosed tag at \d+/) },
    ]);
    const partial = await api.post('/api/v1/templates', { name: 'Bad', subject: 'x', text: '{{> footer}}' });
    expect(partial.status).toBe(400);
    expect(partial.body.error.details[0].field).toBe('text');
    // Sections nested past any need are refused up front, never a stack overflow while rendering.
    const deep = await api.post('/api/v1/templates', {
      name: 'Deep',
      subject: 'x',
      html: `${'{{#a}}'.repeat(20_000)}x${'{{/a}}'.repeat(20_000)}`,
    });
    expect(deep.status).toBe(400);
    expect(deep.body.error.details).toEqual([{ field: 'html', message: expect.stringContaining('nest at most') }]);
    const huge = await api.post('/api/v1/templates', { name: 'Big', subject: 'x', html: 'a'.repeat(512 * 1024) });
    expect(huge.status).toBe(400);
  });

  it('gets, updates, lists newest first with a cursor, and deletes', async () => {
    const first = await newTemplate({ text: 'one' });
    const second = await newTemplate({ text: 'two {{x}}' });
    const updated = await api.put(`/api/v1/templates/${first.id}`, { html: '<p>{{y}}</p>', text: '' });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({
      id: first.id,
      html: '<p>{{y}}</p>',
      text: null,
      variables: ['name', 'y'],
    });
    expect((await api.get(`/api/v1/templates/${first.id}`)).body.data).toEqual(updated.body.data);
    expect((await api.put(`/api/v1/templates/${first.id}`, { html: '' })).status).toBe(400);

    const page = await api.get('/api/v1/templates?limit=1');
    expect(page.body.data.templates.map((t: { id: string }) => t.id)).toEqual([second.id]);
    const next = await api.get(`/api/v1/templates?limit=1&cursor=${page.body.data.next_cursor}`);
    expect(next.body.data.templates.map((t: { id: string }) => t.id)).toEqual([first.id]);
    expect((await api.get('/api/v1/templates?cursor=bogus')).status).toBe(400);

    expect((await api.delete(`/api/v1/templates/${first.id}`)).status).toBe(200);
    expect((await api.get(`/api/v1/templates/${first.id}`)).status).toBe(404);
    expect((await api.delete(`/api/v1/templates/${first.id}`)).status).toBe(404);
  });

  it('loses no edit of several made at once: each is 200 and in the record, or 409 and in none', async () => {
    const made = await newTemplate({ text: 'one' });
    const edits = [{ name: 'Renamed' }, { subject: 'New subject' }, { text: 'new text' }, { html: '<p>new</p>' }];
    const answers = await Promise.all(edits.map((edit) => api.put(`/api/v1/templates/${made.id}`, edit)));
    const stored = (await api.get(`/api/v1/templates/${made.id}`)).body.data;
    for (const [i, answer] of answers.entries()) {
      expect([200, 409]).toContain(answer.status);
      const [field, value] = Object.entries(edits[i])[0];
      if (answer.status === 200) expect(stored[field], field).toBe(value);
      else {
        expect(answer.body.error.code).toBe('CONFLICT');
        expect(answer.headers.get('retry-after')).toBe('1');
      }
    }
    expect(answers.some((answer) => answer.status === 200)).toBe(true);
  });

  it("answers 404 for another account's template on every route", async () => {
    const template = await newTemplate({ text: 'mine' });
    const other = client(service, (await newAccount('Other')).apiKey);
    expect((await other.get(`/api/v1/templates/${template.id}`)).status).toBe(404);
    expect((await other.put(`/api/v1/templates/${template.id}`, { name: 'theirs' })).status).toBe(404);
    expect((await other.post(`/api/v1/templates/${template.id}/render`, {})).status).toBe(404);
    expect((await other.delete(`/api/v1/templates/${template.id}`)).status).toBe(404);
    expect((await other.get('/api/v1/templates')).body.data.templates).toEqual([]);
    expect((await api.get(`/api/v1/templates/${template.id}`)).body.data.name).toBe('Welcome');
  });
});
