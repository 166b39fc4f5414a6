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

  it('refuses by name what a template here does not take, and bad declarations', async () => {
    for (const [field, extra] of [
      ['alias', { alias: 'welcome' }],
      ['from', { from: 'Me <me@example.com>' }],
      ['reply_to', { replyTo: 'me@example.com' }],
    ] as const) {
      const refused = await resend.templates.create({ name: 'x', html: '<p>x</p>', ...extra });
      expect(refused.error).toMatchObject({
        statusCode: 422,
        name: 'validation_error',
        message: expect.stringContaining(field),
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
