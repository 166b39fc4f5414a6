import type { Resend } from 'resend';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resendClient } from '../support/resend-account';
import { client, newAccount, startService, uniqueAddress, type Client, type TestService } from '../support/service';
import { drainWebhooksUntil, startEndpoint } from '../support/webhooks';

/**
 * Issue 42, decision 0123: Resend's webhook event routes, through the official SDK, serve a key bound to a
 * tenant as the native ones do: with `mail`, it reads its tenant's events of a webhook alone (listed across
 * pages of its own partition, read one by one with their attempts); another tenant's and the account's are
 * not listed and are 404; replays and the webhooks themselves stay `admin`'s. The account's key reads all.
 */
let service: TestService;
let endpoint: Awaited<ReturnType<typeof startEndpoint>>;
let api: Client;
let resend: Resend;
let asA: Resend;
let asB: Resend;
let webhookId: string;
/** The events posted, by the tenant of their mail ('none': untenanted). */
const posted: Record<'a' | 'b' | 'none', string[]> = { a: [], b: [], none: [] };

const unique = (label: string) => `${label}-${Math.random().toString(36).slice(2, 10)}`;

beforeAll(async () => {
  service = await startService();
  const account = await newAccount('Tenant Resend webhooks');
  api = client(service, account.apiKey);
  resend = resendClient(service, account.apiKey);
  await api.post('/api/v1/providers', { type: 'ses', name: 'SES', from_email: 'app@hooks.example.com' });
  const a = (await api.post('/api/v1/tenants', { name: unique('a') })).body.data;
  const b = (await api.post('/api/v1/tenants', { name: unique('b') })).body.data;
  const bound = async (tenantId: string) => {
    const created = await api.post('/api/v1/api-keys', { name: 'bound', permissions: ['mail'], tenant_id: tenantId });
    expect(created.status).toBe(201);
    return resendClient(service, created.body.data.key);
  };
  asA = await bound(a.id);
  asB = await bound(b.id);
  endpoint = await startEndpoint();
  const created = await resend.webhooks.create({ endpoint: endpoint.url, events: ['email.sent'] });
  expect(created.error).toBeNull();
  webhookId = created.data!.id;
  const sends: [keyof typeof posted, string | undefined][] = [
    ['a', a.id],
    ['b', b.id],
    ['a', a.name],
    ['none', undefined],
    ['a', a.id],
    ['b', b.id],
    ['a', a.id],
  ];
  for (const [, tenant] of sends)
    expect(
      (await api.post('/api/v1/mail/send', { to: uniqueAddress('hook'), subject: 'x', text: 'x', tenant })).status,
    ).toBe(200);
  await drainWebhooksUntil(() => endpoint.received.length >= sends.length, 30_000);
  const idOfTenant = { [a.id]: 'a', [b.id]: 'b' } as Record<string, 'a' | 'b'>;
  for (const received of endpoint.received) {
    const tenant = JSON.parse(received.body).data.tenant_id as string | undefined;
    posted[tenant ? idOfTenant[tenant]! : 'none'].push(received.headers['webhook-id']!);
  }
}, 90_000);
afterAll(async () => {
  await endpoint.close();
  await service.close();
});

/** Every event a key lists, newest first, through the SDK's `after` pages of `limit`. */
const listed = async (as: Resend, limit: number) => {
  const ids: string[] = [];
  let after: string | undefined;
  for (;;) {
    const page = await as.webhooks.events.list({ webhookId, limit, ...(after ? { after } : {}) });
    expect(page.error).toBeNull();
    expect(page.data!.data.length).toBeLessThanOrEqual(limit);
    ids.push(...page.data!.data.map((event) => event.id));
    if (!page.data!.has_more) return ids;
    after = ids.at(-1);
  }
};

describe("Resend's webhook events for a tenant key", () => {
  it("list its tenant's events alone across pages; the account's key lists every one", async () => {
    expect([posted.a.length, posted.b.length, posted.none.length]).toEqual([4, 2, 1]);
    const all = await listed(resend, 100);
    expect(all.toSorted()).toEqual([...posted.a, ...posted.b, ...posted.none].toSorted());
    // In the account's order (newest first), two to a page.
    expect(await listed(asA, 2)).toEqual(all.filter((id) => posted.a.includes(id)));
    expect(await listed(asA, 3)).toEqual(all.filter((id) => posted.a.includes(id)));
    expect(await listed(asB, 1)).toEqual(all.filter((id) => posted.b.includes(id)));
  });

  it("read its tenant's events and attempts; another tenant's and the account's are 404, replays refused", async () => {
    for (const eventId of posted.a) {
      const got = await asA.webhooks.events.get({ webhookId, eventId });
      expect(got.error).toBeNull();
      expect(got.data!.id).toBe(eventId);
      const attempts = await asA.webhooks.events.attempts.list({ webhookId, eventId });
      expect(attempts.error).toBeNull();
      expect(attempts.data!.data).toHaveLength(1);
    }
    for (const eventId of [...posted.b, ...posted.none]) {
      expect((await asA.webhooks.events.get({ webhookId, eventId })).error?.statusCode).toBe(404);
      expect((await asA.webhooks.events.attempts.list({ webhookId, eventId })).error?.statusCode).toBe(404);
      // Nor is it an anchor of A's pages: refused as an id of no event is.
      expect((await asA.webhooks.events.list({ webhookId, after: eventId })).error?.statusCode).toBe(422);
    }
    expect((await asB.webhooks.events.get({ webhookId, eventId: posted.a[0]! })).error?.statusCode).toBe(404);
    expect((await resend.webhooks.events.get({ webhookId, eventId: posted.b[0]! })).error).toBeNull();
    // Replays and the webhook's own settings stay admin's (Resend's answer to a key without the permission).
    expect((await asA.webhooks.events.replay({ webhookId, eventId: posted.a[0]! })).error?.name).toBe(
      'restricted_api_key',
    );
    expect((await asA.webhooks.get(webhookId)).error?.name).toBe('restricted_api_key');
    expect((await asA.webhooks.list()).error?.name).toBe('restricted_api_key');
  });

  it('stay closed to an unbound key without admin', async () => {
    const created = await api.post('/api/v1/api-keys', { name: 'mail', permissions: ['mail'] });
    const mailOnly = resendClient(service, created.body.data.key);
    expect((await mailOnly.webhooks.events.list({ webhookId })).error?.name).toBe('restricted_api_key');
  });
});
