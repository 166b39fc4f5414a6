import type { Resend } from 'resend';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runJobsAndDrain } from '../support/jobs';
import { mailTo } from '../support/mailbox';
import { resendClient } from '../support/resend-account';
import { client, keyWith, uniqueAddress, type Client } from '../support/service';
import { sesTenantRecord } from '../support/ses-tenants';
import { startTrackedService } from '../support/tracked-service';
import { drainWebhooksUntil, startEndpoint } from '../support/webhooks';

/**
 * Issue 42: campaigns and Resend's broadcasts go out as a tenant. Their mail names the tenant's SES
 * TenantName, counts on its figures and skips its suppressions; a tenant key makes and sees only its own.
 */
let tracked: Awaited<ReturnType<typeof startTrackedService>>;
let api: Client;
let asA: Client;
let resend: Resend;
type Tenant = { id: string; name: string; ses_tenant_name: string };
let a: Tenant;
let b: Tenant;

const unique = (label: string) => `${label}-${Math.random().toString(36).slice(2, 10)}`;
const HTML = '<p>Hi {{name}}</p><p><a href="{{unsubscribe_url}}">Leave</a></p>';

beforeAll(async () => {
  process.env.DRAIN_RETRY_BASE_SECONDS = '0';
  tracked = await startTrackedService('Tenant news');
  const key = await keyWith(tracked.accountId, ['subscribers', 'campaigns', 'mail', 'admin'], 100_000);
  api = client(tracked.service, key);
  resend = resendClient(tracked.service, key);
  a = (await api.post('/api/v1/tenants', { name: unique('a') })).body.data;
  b = (await api.post('/api/v1/tenants', { name: unique('b') })).body.data;
  const bound = await api.post('/api/v1/api-keys', { name: 'A', permissions: ['campaigns'], tenant_id: a.id });
  expect(bound.status).toBe(201);
  asA = client(tracked.service, bound.body.data.key);
});
afterAll(async () => tracked.close());

const newList = async (size: number) => {
  const list = (await api.post('/api/v1/lists', { name: unique('list') })).body.data;
  const addresses = Array.from({ length: size }, () => uniqueAddress('reader'));
  for (const email of addresses)
    expect((await api.post('/api/v1/subscribers', { email, list_id: list.id })).status).toBe(201);
  return { listId: list.id as string, addresses };
};
const campaign = (listId: string, extra: Record<string, unknown> = {}) => ({
  name: 'News',
  subject: 'Hello {{name}}',
  html: HTML,
  list_id: listId,
  ...extra,
});
const tenantNamesTo = async (address: string) =>
  (await sesTenantRecord()).sends.filter((s) => s.to.includes(address)).map((s) => s.TenantName);

describe('a campaign with a tenant', () => {
  it('goes out as the tenant: its TenantName, its figures, and its suppressions skipped', async () => {
    const { listId, addresses } = await newList(3);
    const [suppressed, ...reached] = addresses;
    expect((await api.post('/api/v1/suppressions', { email: suppressed, tenant: a.id })).status).toBe(201);
    const created = await api.post('/api/v1/campaigns', campaign(listId, { tenant: a.name }));
    expect(created.status).toBe(201);
    expect(created.body.data.tenant_id).toBe(a.id);
    expect((await api.post(`/api/v1/campaigns/${created.body.data.id}/send`)).status).toBe(202);
    await runJobsAndDrain();

    for (const address of reached) {
      expect(await mailTo(address)).toHaveLength(1);
      expect(await tenantNamesTo(address)).toEqual([a.ses_tenant_name]);
    }
    expect(await mailTo(suppressed)).toEqual([]);
    const stats = (await api.get(`/api/v1/stats?tenant=${a.id}&days=1`)).body.data;
    expect(stats.sent).toBe(2);
    // The campaign's reader is suppressed for A only: the account's own campaign still reaches it.
    const own = await api.post('/api/v1/campaigns', campaign(listId));
    expect(own.body.data.tenant_id).toBeNull();
    await api.post(`/api/v1/campaigns/${own.body.data.id}/send`);
    await runJobsAndDrain();
    expect(await mailTo(suppressed)).toHaveLength(1);
    expect(await tenantNamesTo(suppressed)).toEqual([]);
  });

  it('refuses an unknown tenant with 404 and makes no campaign', async () => {
    const { listId } = await newList(1);
    const answer = await api.post('/api/v1/campaigns', campaign(listId, { tenant: 'no-such-tenant' }));
    expect([answer.status, answer.body.error.code]).toEqual([404, 'NOT_FOUND']);
  });
});

describe("a tenant key's campaigns", () => {
  it("are its tenant's without naming it; naming another is 403; others' are 404 to it", async () => {
    const { listId, addresses } = await newList(1);
    const own = await asA.post('/api/v1/campaigns', campaign(listId));
    expect(own.status).toBe(201);
    expect(own.body.data.tenant_id).toBe(a.id);
    expect((await asA.post('/api/v1/campaigns', campaign(listId, { tenant: b.name }))).status).toBe(403);
    expect((await asA.get(`/api/v1/campaigns/${own.body.data.id}`)).status).toBe(200);

    const accounts = (await api.post('/api/v1/campaigns', campaign(listId))).body.data;
    const bs = (await api.post('/api/v1/campaigns', campaign(listId, { tenant: b.id }))).body.data;
    for (const other of [accounts, bs]) {
      expect((await asA.get(`/api/v1/campaigns/${other.id}`)).status).toBe(404);
      expect((await asA.post(`/api/v1/campaigns/${other.id}/send`)).status).toBe(404);
      expect((await asA.post(`/api/v1/campaigns/${other.id}/cancel`)).status).toBe(404);
    }
    // The listing and the edits know no tenants: closed to the key.
    expect((await asA.get('/api/v1/campaigns')).status).toBe(403);
    expect((await asA.delete(`/api/v1/campaigns/${own.body.data.id}`)).status).toBe(403);

    expect((await asA.post(`/api/v1/campaigns/${own.body.data.id}/send`)).status).toBe(202);
    await runJobsAndDrain();
    expect(await tenantNamesTo(addresses[0]!)).toEqual([a.ses_tenant_name]);
  });
});

describe("Resend's broadcasts with the X-Tenant request header", () => {
  it('go out as the tenant the header names; an unknown one is refused', async () => {
    const { listId, addresses } = await newList(1);
    const created = await resend.broadcasts.create(
      { from: 'Tenant News <news@example.com>', subject: 'Hi', html: HTML, segmentId: listId, send: true },
      { headers: { 'X-Tenant': b.name } },
    );
    expect(created.error).toBeNull();
    expect((await api.get(`/api/v1/campaigns/${created.data!.id}`)).body.data.tenant_id).toBe(b.id);
    await runJobsAndDrain();
    expect(await tenantNamesTo(addresses[0]!)).toEqual([b.ses_tenant_name]);

    const refused = await resend.broadcasts.create(
      { from: 'news@example.com', subject: 'Hi', html: HTML, segmentId: listId },
      { headers: { 'X-Tenant': 'no-such-tenant' } },
    );
    expect(refused.error?.statusCode).toBe(404);
  });
});

describe('webhook events of a tenant', () => {
  it("name the tenant; a tenant key reads its tenant's events of an endpoint alone", { timeout: 60_000 }, async () => {
    const endpoint = await startEndpoint();
    try {
      const created = await api.post('/api/v1/webhook-endpoints', { url: endpoint.url, events: ['email.sent'] });
      expect(created.status).toBe(201);
      const path = `/api/v1/webhook-endpoints/${created.body.data.id}/events`;
      const sent: Record<string, string> = {};
      for (const [label, tenant] of [
        ['a', a.id],
        ['b', b.name],
        ['none', undefined],
      ] as const) {
        const answer = await api.post('/api/v1/mail/send', {
          to: uniqueAddress(label),
          subject: 'x',
          text: 'x',
          tenant,
        });
        expect(answer.status).toBe(200);
        sent[label] = answer.body.data.message_id;
      }
      await drainWebhooksUntil(() => endpoint.received.length >= 3);
      const posted = endpoint.received.map((r) => ({ id: r.headers['webhook-id'], ...JSON.parse(r.body).data }));
      const byMessage = (label: string) => posted.find((p) => p.message_id === sent[label])!;
      expect(byMessage('a').tenant_id).toBe(a.id);
      expect(byMessage('b').tenant_id).toBe(b.id);
      expect(byMessage('none')).not.toHaveProperty('tenant_id');

      const mailKey = await api.post('/api/v1/api-keys', { name: 'A mail', permissions: ['mail'], tenant_id: a.id });
      const asAMail = client(tracked.service, mailKey.body.data.key);
      const listed = await asAMail.get(path);
      expect(listed.status).toBe(200);
      // Earlier tests' tenant A campaign mail may be delivered to this endpoint too: every listed event is A's.
      const listedIds: string[] = listed.body.data.events.map((e: { id: string }) => e.id);
      expect(listedIds).toContain(byMessage('a').id);
      expect(listedIds).not.toContain(byMessage('b').id);
      expect(listedIds).not.toContain(byMessage('none').id);
      for (const id of listedIds)
        expect((await asAMail.get(`${path}/${id}`)).body.data.payload.data.tenant_id).toBe(a.id);
      expect((await asAMail.get(`${path}/${byMessage('a').id}`)).body.data.payload.data.tenant_id).toBe(a.id);
      expect((await asAMail.get(`${path}/${byMessage('a').id}/attempts`)).status).toBe(200);
      for (const other of ['b', 'none']) {
        expect((await asAMail.get(`${path}/${byMessage(other).id}`)).status).toBe(404);
        expect((await asAMail.get(`${path}/${byMessage(other).id}/attempts`)).status).toBe(404);
      }
      // The account's admin key reads them all; an unbound mail key, none (the routes are admin's).
      const all = (await api.get(path)).body.data.events.map((e: { id: string }) => e.id);
      expect(all).toEqual(expect.arrayContaining(['a', 'b', 'none'].map((label) => byMessage(label).id)));
      const unbound = await api.post('/api/v1/api-keys', { name: 'mail', permissions: ['mail'] });
      expect((await client(tracked.service, unbound.body.data.key).get(path)).status).toBe(403);
      // Its endpoints' settings stay admin's: the key reads events alone.
      expect((await asAMail.get(`/api/v1/webhook-endpoints/${created.body.data.id}`)).status).toBe(403);
    } finally {
      await endpoint.close();
    }
  });
});
