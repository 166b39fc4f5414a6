import type { Resend } from 'resend';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drainOnce } from '../support/drain';
import { mailTo } from '../support/mailbox';
import {
  client,
  keyWith,
  newAccount,
  startService,
  uniqueAddress,
  type Client,
  type TestService,
} from '../support/service';
import { resendClient } from '../support/resend-account';
import { uniqueDomain } from '../support/receiving-domain';

/**
 * docs/promises.md "Resend-compatible API", templates, and "Templates" (draft and published versions):
 * the official `resend` package, unchanged, drives every Resend call here (`baseUrl` <base>/resend).
 * A Resend template is a stored template: what the SDK writes is read natively under /api/v1/templates.
 * Resend's create and update edit the draft; sends (Resend's and native, batch items, campaigns) use the
 * published version; a native write publishes at once, as it always did.
 */
let service: TestService;
let resend: Resend;
let native: Client;
let foreign: Resend;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const FROM = 'tpl@example.com';

beforeAll(async () => {
  process.env.DRAIN_RETRY_BASE_SECONDS = '0';
  service = await startService();
  const { accountId, apiKey } = await newAccount('Resend templates');
  native = client(service, apiKey);
  expect(
    (await native.post('/api/v1/providers', { type: 'ses', name: 'SES', from_email: FROM, region: 'us-east-1' }))
      .status,
  ).toBe(201);
  resend = resendClient(service, await keyWith(accountId, ['mail', 'subscribers', 'campaigns'], 100_000));
  foreign = resendClient(service, (await newAccount('Resend templates other')).apiKey);
});
afterAll(async () => service.close());

const sendWith = (id: string, variables?: Record<string, string | number>) => {
  const to = uniqueAddress('rtpl');
  return { to, sent: resend.emails.send({ from: FROM, to, template: { id, ...(variables ? { variables } : {}) } }) };
};
const receivedBy = async (to: string) => {
  const [mail] = await mailTo(to);
  return mail;
};

describe('templates through the SDK', () => {
  it('create stores a draft that sends refuse; publish makes it what sends use, fallbacks filling gaps', async () => {
    const created = await resend.templates.create({
      name: 'Welcome',
      subject: 'Welcome, {{{NAME}}}',
      html: '<p>Hello {{{NAME}}}, plan {{{PLAN}}}</p>',
      variables: [
        { key: 'NAME', type: 'string', fallbackValue: 'there' },
        { key: 'PLAN', type: 'string' },
      ],
    });
    expect(created).toMatchObject({ error: null, data: { object: 'template', id: expect.stringMatching(UUID) } });
    const id = created.data!.id;

    const got = await resend.templates.get(id);
    expect(got.error).toBeNull();
    expect(got.data).toMatchObject({
      object: 'template',
      id,
      name: 'Welcome',
      subject: 'Welcome, {{{NAME}}}',
      html: '<p>Hello {{{NAME}}}, plan {{{PLAN}}}</p>',
      text: null,
      status: 'draft',
      published_at: null,
      has_unpublished_versions: true,
      current_version_id: expect.any(String),
      alias: null,
      from: null,
      reply_to: null,
    });
    expect(got.data!.variables).toEqual([
      {
        key: 'NAME',
        type: 'string',
        fallback_value: 'there',
        created_at: expect.any(String),
        updated_at: expect.any(String),
      },
      {
        key: 'PLAN',
        type: 'string',
        fallback_value: null,
        created_at: expect.any(String),
        updated_at: expect.any(String),
      },
    ]);
    expect(got.data!.created_at).toMatch(/(Z|\+00:00)$/);
    expect((await native.get(`/api/v1/templates/${id}`)).body.data).toMatchObject({
      status: 'draft',
      published_at: null,
      has_unpublished_versions: true,
      published: null,
    });

    const draft = sendWith(id, { PLAN: 'Pro' });
    expect((await draft.sent).error).toMatchObject({
      statusCode: 422,
      name: 'validation_error',
      message: expect.stringContaining('template'),
    });
    expect(await mailTo(draft.to)).toEqual([]);

    expect(await resend.templates.publish(id)).toMatchObject({ error: null, data: { object: 'template', id } });
    const published = await resend.templates.get(id);
    expect(published.data).toMatchObject({ status: 'published', has_unpublished_versions: false });
    expect(published.data!.published_at).toMatch(/(Z|\+00:00)$/);

    const now = sendWith(id, { PLAN: 'Pro' });
    expect((await now.sent).error).toBeNull();
    const mail = await receivedBy(now.to);
    expect(mail.subject).toBe('Welcome, there');
    expect(mail.body.html).toContain('<p>Hello there, plan Pro</p>');
  });

  it('update edits the draft: sends keep the published version until publish', async () => {
    const { data } = await resend.templates
      .create({ name: 'Receipt', subject: 'Order {{{ID}}}', html: '<p>v1 {{{ID}}}</p>' })
      .publish();
    const id = data!.id;
    const before = (await resend.templates.get(id)).data!;

    expect(await resend.templates.update(id, { html: '<p>v2 {{{ID}}}</p>', subject: 'Your order {{{ID}}}' })).toEqual({
      data: { object: 'template', id },
      error: null,
      headers: expect.anything(),
    });
    const edited = (await resend.templates.get(id)).data!;
    expect(edited).toMatchObject({ html: '<p>v2 {{{ID}}}</p>', status: 'published', has_unpublished_versions: true });
    expect(edited.current_version_id).not.toBe(before.current_version_id);
    expect((await native.get(`/api/v1/templates/${id}`)).body.data).toMatchObject({
      html: '<p>v2 {{{ID}}}</p>',
      has_unpublished_versions: true,
      published: { subject: 'Order {{{ID}}}', html: '<p>v1 {{{ID}}}</p>', text: null, variables: ['ID'] },
    });
    // The preview is the send's (the published version), or the draft when asked.
    expect((await native.post(`/api/v1/templates/${id}/render`, { variables: { ID: 7 } })).body.data.html).toBe(
      '<p>v1 7</p>',
    );
    expect(
      (await native.post(`/api/v1/templates/${id}/render`, { variables: { ID: 7 }, draft: true })).body.data.html,
    ).toBe('<p>v2 7</p>');

    const old = sendWith(id, { ID: 'A-1' });
    expect((await old.sent).error).toBeNull();
    expect((await receivedBy(old.to)).subject).toBe('Order A-1');
    const batchTo = uniqueAddress('rtpl-batch');
    expect(
      (await resend.batch.send([{ from: FROM, to: batchTo, template: { id, variables: { ID: 'B-1' } } }])).error,
    ).toBeNull();
    await drainOnce();
    expect((await receivedBy(batchTo)).body.html).toContain('v1 B-1');

    await resend.templates.publish(id);
    const fresh = sendWith(id, { ID: 'A-2' });
    expect((await fresh.sent).error).toBeNull();
    const mail = await receivedBy(fresh.to);
    expect(mail.subject).toBe('Your order A-2');
    expect(mail.body.html).toContain('<p>v2 A-2</p>');
    expect((await resend.templates.get(id)).data).toMatchObject({ has_unpublished_versions: false });
  });

  it('list pages newest first by ids; duplicate makes a draft copy; remove deletes; foreign ids 404', async () => {
    const ids: string[] = [];
    for (const name of ['L1', 'L2', 'L3']) {
      const { data } = await resend.templates.create({ name, html: `<p>${name}</p>` });
      ids.push(data!.id);
    }
    const first = await resend.templates.list({ limit: 2 });
    expect(first.error).toBeNull();
    expect(first.data).toMatchObject({ object: 'list', has_more: true });
    expect(first.data!.data.map((t) => t.id)).toEqual([ids[2], ids[1]]);
    expect(first.data!.data[0]).toEqual({
      id: ids[2],
      name: 'L3',
      status: 'draft',
      published_at: null,
      alias: null,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const next = await resend.templates.list({ limit: 2, after: ids[1] });
    expect(next.data!.data.map((t) => t.id)).toEqual([ids[0], ...next.data!.data.slice(1).map((t) => t.id)]);

    const copy = await resend.templates.duplicate(ids[0]).publish();
    expect(copy).toMatchObject({ error: null, data: { object: 'template', id: expect.stringMatching(UUID) } });
    expect(copy.data!.id).not.toBe(ids[0]);
    expect((await resend.templates.get(copy.data!.id)).data).toMatchObject({
      name: 'L1 (copy)',
      html: '<p>L1</p>',
      status: 'published',
    });
    const draftCopy = await resend.templates.duplicate(ids[0]);
    expect((await resend.templates.get(draftCopy.data!.id)).data).toMatchObject({ status: 'draft' });

    expect(await foreign.templates.get(ids[0])).toMatchObject({
      data: null,
      error: { statusCode: 404, name: 'not_found' },
    });
    expect((await foreign.templates.publish(ids[0])).error).toMatchObject({ statusCode: 404 });
    expect(await resend.templates.remove(ids[0])).toMatchObject({
      error: null,
      data: { object: 'template', id: ids[0], deleted: true },
    });
    expect((await resend.templates.get(ids[0])).error).toMatchObject({ statusCode: 404, name: 'not_found' });
    expect((await native.get(`/api/v1/templates/${ids[0]}`)).status).toBe(404);
  });

  it('refuses bad declarations, a bad alias or sender, and an edit naming nothing', async () => {
    const cases: [string, Record<string, unknown>][] = [
      ['alias', { alias: '0f8e2b7c-1d2e-4f3a-9b8c-7d6e5f4a3b2c' }],
      ['alias', { alias: 'has space' }],
      ['from', { from: 'Me <not-an-address>' }],
      ['reply_to', { replyTo: ['a@example.com', 'b@example.com'] }],
    ];
    for (const [field, extra] of cases) {
      const refused = await resend.templates.create({ name: 'x', html: '<p>x</p>', ...extra });
      expect(refused.error).toMatchObject({
        statusCode: 422,
        name: 'validation_error',
        message: expect.stringContaining(field === 'from' ? 'from_email' : field),
      });
    }
    const mismatch = await resend.templates.create({
      name: 'x',
      html: '<p>{{{N}}}</p>',
      variables: [{ key: 'N', type: 'number', fallbackValue: 'one' as unknown as number }],
    });
    expect(mismatch.error).toMatchObject({ statusCode: 422, message: expect.stringContaining('fallback_value') });
    const syntax = await resend.templates.create({ name: 'x', html: '<p>{{#open}}</p>' });
    expect(syntax.error).toMatchObject({ statusCode: 422, message: expect.stringContaining('html') });
    const { data } = await resend.templates.create({ name: 'y', html: '<p>y</p>' });
    expect((await resend.templates.update(data!.id, {})).error).toMatchObject({ statusCode: 422 });
    expect(
      (await native.get('/api/v1/templates?limit=100')).body.data.templates.map((t: { name: string }) => t.name),
    ).not.toContain('x');
  });
});

describe('native template versions', () => {
  it('a native write publishes at once; publish: false edits the draft; publish and duplicate routes', async () => {
    const created = await native.post('/api/v1/templates', { name: 'N', subject: 'S {{v}}', html: '<p>n1 {{v}}</p>' });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ status: 'published', has_unpublished_versions: false, published: null });
    const id = created.body.data.id as string;

    // A Resend draft edit, then a native PUT: the PUT's result is published at once.
    await resend.templates.update(id, { html: '<p>draft {{v}}</p>' });
    const put = await native.put(`/api/v1/templates/${id}`, { subject: 'Put {{v}}' });
    expect(put.body.data).toMatchObject({ html: '<p>draft {{v}}</p>', subject: 'Put {{v}}', published: null });
    const one = uniqueAddress('native-put');
    expect((await native.post('/api/v1/mail/send', { to: one, template_id: id, variables: { v: 1 } })).status).toBe(
      200,
    );
    expect((await receivedBy(one)).subject).toBe('Put 1');

    const kept = await native.put(`/api/v1/templates/${id}`, { subject: 'Later {{v}}', publish: false });
    expect(kept.status).toBe(200);
    expect(kept.body.data).toMatchObject({
      subject: 'Later {{v}}',
      has_unpublished_versions: true,
      published: { subject: 'Put {{v}}' },
    });
    const two = uniqueAddress('native-kept');
    expect((await native.post('/api/v1/mail/send', { to: two, template_id: id, variables: { v: 2 } })).status).toBe(
      200,
    );
    expect((await receivedBy(two)).subject).toBe('Put 2');

    // A campaign copies the published version too.
    const list = (await native.post('/api/v1/lists', { name: 'Versions' })).body.data;
    const campaign = await native.post('/api/v1/campaigns', {
      name: 'C',
      template_id: id,
      list_id: list.id,
      variables: { v: 3 },
    });
    expect(campaign.status, JSON.stringify(campaign.body)).toBe(201);
    expect(campaign.body.data.subject).toBe('Put {{v}}');

    const published = await native.post(`/api/v1/templates/${id}/publish`);
    expect(published.status).toBe(200);
    expect(published.body.data).toMatchObject({
      subject: 'Later {{v}}',
      has_unpublished_versions: false,
      published: null,
    });
    const three = uniqueAddress('native-published');
    expect((await native.post('/api/v1/mail/send', { to: three, template_id: id, variables: { v: 3 } })).status).toBe(
      200,
    );
    expect((await receivedBy(three)).subject).toBe('Later 3');

    const copy = await native.post(`/api/v1/templates/${id}/duplicate`);
    expect(copy.status).toBe(201);
    expect(copy.body.data).toMatchObject({
      name: 'N (copy)',
      subject: 'Later {{v}}',
      status: 'draft',
      published_at: null,
    });
    const refused = await native.post('/api/v1/mail/send', {
      to: three,
      template_id: copy.body.data.id,
      variables: { v: 4 },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.details).toEqual([
      { field: 'template_id', message: expect.stringContaining('published') },
    ]);
    const batch = await native.post('/api/v1/mail/send-batch', {
      messages: [
        { to: uniqueAddress('b1'), template_id: copy.body.data.id, variables: { v: 5 } },
        { to: uniqueAddress('b2'), template_id: id, variables: { v: 5 } },
      ],
    });
    expect(batch.status, JSON.stringify(batch.body)).toBeLessThan(300);
    expect(JSON.stringify(batch.body)).toContain('published');

    const draftOnly = await native.post('/api/v1/templates', { name: 'D', subject: 's', text: 't', publish: false });
    expect(draftOnly.body.data).toMatchObject({ status: 'draft', published_at: null });
    expect((await native.post(`/api/v1/templates/${id}/publish`, undefined)).status).toBe(200);
    expect((await native.post('/api/v1/templates/00000000-0000-4000-8000-000000000000/publish')).status).toBe(404);
  });
});

describe('a template’s alias and its own sender', () => {
  it('through the SDK: get, update, publish, send and batch by alias; the template’s from, reply_to', async () => {
    const created = await resend.templates
      .create({
        name: 'Welcome',
        alias: 'welcome-mail',
        from: 'Team <tpl@example.com>',
        replyTo: 'help@example.com',
        subject: 'Hi {{{NAME}}}',
        html: '<p>Hello {{{NAME}}}</p>',
      })
      .publish();
    expect(created.error).toBeNull();
    const id = created.data!.id;
    const got = await resend.templates.get('welcome-mail');
    expect(got.data).toMatchObject({
      id,
      alias: 'welcome-mail',
      from: 'Team <tpl@example.com>',
      reply_to: ['help@example.com'],
      status: 'published',
    });
    expect((await resend.templates.list()).data?.data.find((t) => t.id === id)?.alias).toBe('welcome-mail');
    // Unique in the account; another account may use it, and sees none of ours by it.
    const again = await resend.templates.create({ name: 'Other', alias: 'welcome-mail', html: '<p>o</p>' });
    expect(again.error).toMatchObject({ statusCode: 409, message: expect.stringContaining('alias') });
    expect((await foreign.templates.get('welcome-mail')).error).toMatchObject({ statusCode: 404 });
    expect((await foreign.templates.create({ name: 'F', alias: 'welcome-mail', html: '<p>f</p>' })).error).toBeNull();

    // A send that gives no from, reply_to or subject takes the template's.
    const to = uniqueAddress('alias-send');
    const sent = await resend.emails.send({ to, template: { id: 'welcome-mail', variables: { NAME: 'Ada' } } });
    expect(sent.error).toBeNull();
    const mail = await receivedBy(to);
    expect([mail.from, mail.replyTo, mail.subject]).toEqual([
      expect.stringMatching(/Team.*<tpl@example\.com>/),
      ['help@example.com'],
      'Hi Ada',
    ]);
    // What the send gives comes first: its from (bare: no name), its subject; reply_to stays the template's.
    const own = uniqueAddress('alias-own');
    const given = await resend.emails.send({
      from: FROM,
      to: own,
      subject: 'Given subject',
      template: { id, variables: { NAME: 'Bo' } },
    });
    expect(given.error).toBeNull();
    const ownMail = await receivedBy(own);
    expect([ownMail.from, ownMail.replyTo, ownMail.subject]).toEqual([FROM, ['help@example.com'], 'Given subject']);
    // Without a template, from is still asked for.
    expect((await resend.emails.send({ to: own, subject: 's', text: 't' } as never)).error).toMatchObject({
      statusCode: 422,
      message: expect.stringContaining('from'),
    });
    const batchTo = uniqueAddress('alias-batch');
    const batch = await resend.batch.send([
      { to: batchTo, template: { id: 'welcome-mail', variables: { NAME: 'Cy' } } },
    ]);
    expect(batch.error).toBeNull();
    await drainOnce();
    expect((await receivedBy(batchTo)).from).toMatch(/Team.*<tpl@example\.com>/);

    // A draft edit of the sender leaves sends on the published one until publish; the alias moves at once.
    expect(
      (await resend.templates.update('welcome-mail', { from: 'tpl@example.com', alias: 'hello' })).error,
    ).toBeNull();
    expect((await resend.templates.get('welcome-mail')).error).toMatchObject({ statusCode: 404 });
    expect((await resend.templates.get('hello')).data).toMatchObject({ id, from: 'tpl@example.com' });
    const draftTo = uniqueAddress('alias-draft');
    await resend.emails.send({ to: draftTo, template: { id: 'hello', variables: { NAME: 'D' } } });
    expect((await receivedBy(draftTo)).from).toMatch(/Team/);
    await resend.templates.publish('hello');
    const publishedTo = uniqueAddress('alias-published');
    await resend.emails.send({ to: publishedTo, template: { id: 'hello', variables: { NAME: 'E' } } });
    expect((await receivedBy(publishedTo)).from).toBe('tpl@example.com');
    // The freed alias may be taken again; a removed template frees its own.
    expect((await resend.templates.create({ name: 'Next', alias: 'welcome-mail', html: '<p>n</p>' })).error).toBeNull();
    expect((await resend.templates.remove('hello')).data).toMatchObject({ id, deleted: true });
    expect((await resend.templates.get('hello')).error).toMatchObject({ statusCode: 404 });
    expect((await resend.templates.create({ name: 'Again', alias: 'hello', html: '<p>a</p>' })).error).toBeNull();
  });

  it('natively: alias, from_email, from_name, reply_to; sends and batches by alias; a batch’s from first', async () => {
    const created = await native.post('/api/v1/templates', {
      name: 'Receipt',
      alias: 'receipt',
      subject: 'Receipt {{n}}',
      text: 'Paid {{n}}',
      from_email: 'billing@example.com',
      from_name: 'Billing',
      reply_to: 'accounts@example.com',
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      alias: 'receipt',
      from_email: 'billing@example.com',
      from_name: 'Billing',
      reply_to: 'accounts@example.com',
    });
    const byAlias = await native.get('/api/v1/templates/receipt');
    expect([byAlias.status, byAlias.body.data.id]).toEqual([200, created.body.data.id]);
    const taken = await native.post('/api/v1/templates', { name: 'R2', alias: 'receipt', subject: 's', text: 't' });
    expect([taken.status, taken.body.error.code]).toEqual([409, 'CONFLICT']);

    const to = uniqueAddress('native-alias');
    const sent = await native.post('/api/v1/mail/send', { to, template_id: 'receipt', variables: { n: 1 } });
    expect([sent.status, sent.body.data?.from]).toEqual([200, 'billing@example.com']);
    const mail = await receivedBy(to);
    expect([mail.from, mail.replyTo, mail.subject]).toEqual([
      expect.stringMatching(/Billing.*<billing@example\.com>/),
      ['accounts@example.com'],
      'Receipt 1',
    ]);
    const [item, overridden] = [uniqueAddress('native-item'), uniqueAddress('native-batch-from')];
    const itemBatch = await native.post('/api/v1/mail/send-batch', {
      messages: [{ to: item, template_id: 'receipt', variables: { n: 2 } }],
    });
    const batchFrom = await native.post('/api/v1/mail/send-batch', {
      from_email: FROM,
      messages: [{ to: overridden, template_id: 'receipt', variables: { n: 3 } }],
    });
    expect([itemBatch.body.data.queued, batchFrom.body.data.queued]).toEqual([1, 1]);
    await drainOnce();
    expect((await receivedBy(item)).from).toMatch(/billing@example\.com/);
    const fromBatch = await receivedBy(overridden);
    expect([fromBatch.from.includes(FROM), fromBatch.replyTo, fromBatch.subject]).toEqual([
      true,
      ['accounts@example.com'],
      'Receipt 3',
    ]);
    expect((await native.post('/api/v1/mail/send', { to, template_id: 'no-such', variables: {} })).status).toBe(404);

    // A PUT clears with null; the alias is freed.
    const cleared = await native.put('/api/v1/templates/receipt', { alias: null, from_email: null, reply_to: null });
    expect(cleared.body.data).toMatchObject({ alias: null, from_email: null, from_name: null, reply_to: null });
    expect((await native.get('/api/v1/templates/receipt')).status).toBe(404);
  });

  it('the sender rule holds for a template’s from when saved and again when sent', async () => {
    const refused = await native.post('/api/v1/templates', {
      name: 'Elsewhere',
      subject: 's',
      text: 't',
      from_email: 'someone@elsewhere.example',
    });
    expect([refused.status, refused.body.error.code]).toEqual([422, 'FROM_NOT_ALLOWED']);
    const sdk = await resend.templates.create({ name: 'E', html: '<p>e</p>', from: 'Me <me@elsewhere.example>' });
    expect(sdk.error).toMatchObject({ statusCode: 403, name: 'validation_error' });
    const { data } = await resend.templates.create({ name: 'Ok', html: '<p>ok</p>' });
    expect((await resend.templates.update(data!.id, { from: 'x@elsewhere.example' })).error).toMatchObject({
      statusCode: 403,
    });

    // Saved while allowed, then the account names sending domains of its own, none verified: sends are refused.
    const { accountId, apiKey } = await newAccount('Template sender later');
    const other = client(service, apiKey);
    await other.post('/api/v1/providers', { type: 'ses', name: 'SES', from_email: FROM, region: 'us-east-1' });
    const saved = await other.post('/api/v1/templates', {
      name: 'T',
      alias: 'later',
      subject: 's',
      text: 't',
      from_email: 'late@example.com',
    });
    expect(saved.status).toBe(201);
    const domain = await other.post('/api/v1/domains', { name: uniqueDomain('later') });
    expect(domain.status, JSON.stringify(domain.body)).toBe(201);
    const late = await resendClient(service, await keyWith(accountId, ['mail'], 100_000)).emails.send({
      to: uniqueAddress('late'),
      template: { id: 'later' },
    });
    expect(late.error).toMatchObject({ statusCode: 403, message: expect.stringContaining('example.com') });
  });
});
