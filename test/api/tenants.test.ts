import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, keyWith, newAccount, startService, type Client, type TestService } from '../support/service';
import { sesTenantRecord } from '../support/ses-tenants';

/** Issue 42, tenants as an admin resource: each backed by an SES tenant tied to the configuration set. */
const SET_ARN = 'arn:aws:ses:us-east-1:000000000000:configuration-set/tenants-test';
let service: TestService;
let api: Client;

beforeAll(async () => {
  process.env.SES_CONFIGURATION_SET_ARN = SET_ARN;
  service = await startService();
  api = client(service, (await newAccount()).apiKey);
});
afterAll(async () => {
  delete process.env.SES_CONFIGURATION_SET_ARN;
  await service.close();
});

const unique = (label: string) => `${label}-${Math.random().toString(36).slice(2, 10)}`;

describe('tenants', () => {
  it('creates a tenant backed by an SES tenant tied to the configuration set', async () => {
    const name = unique('acme');
    const created = await api.post('/api/v1/tenants', { name });
    expect(created.status).toBe(201);
    const tenant = created.body.data;
    expect(tenant).toMatchObject({ name, status: 'active', paused_at: null });
    expect(tenant.ses_tenant_name).toMatch(/^t[0-9a-f]{32}$/);
    const ses = await sesTenantRecord();
    const made = ses.tenants.find((t) => t.TenantName === tenant.ses_tenant_name);
    expect(made?.resources).toEqual([SET_ARN]);

    expect((await api.get(`/api/v1/tenants/${tenant.id}`)).body.data).toEqual(tenant);
    // By name, whatever its case.
    expect((await api.get(`/api/v1/tenants/${name.toUpperCase()}`)).body.data).toEqual(tenant);
  });

  it('keeps names unique in the account whatever their case; another account may use one', async () => {
    const name = unique('dup');
    expect((await api.post('/api/v1/tenants', { name })).status).toBe(201);
    const again = await api.post('/api/v1/tenants', { name: name.toUpperCase() });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('CONFLICT');
    const other = client(service, (await newAccount()).apiKey);
    expect((await other.post('/api/v1/tenants', { name })).status).toBe(201);
  });

  it('refuses bad names with 400 and never calls SES for them', async () => {
    const before = (await sesTenantRecord()).tenants.length;
    for (const name of ['', 'a b', 'x'.repeat(65), 'é', '0b7e8a52-1c2d-4e5f-8a9b-0c1d2e3f4a5b']) {
      const answer = await api.post('/api/v1/tenants', { name });
      expect(answer.status).toBe(400);
      expect(answer.body.error.code).toBe('VALIDATION_ERROR');
    }
    expect((await sesTenantRecord()).tenants.length).toBe(before);
  });

  it('renames, lists by cursor, and deletes with its SES tenant', async () => {
    const account = client(service, (await newAccount()).apiKey);
    const names = [unique('a'), unique('b'), unique('c')];
    const made: { id: string; ses_tenant_name: string }[] = [];
    for (const name of names) made.push((await account.post('/api/v1/tenants', { name })).body.data);
    const first = await account.get('/api/v1/tenants?limit=2');
    expect(first.body.data.tenants).toHaveLength(2);
    const second = await account.get(`/api/v1/tenants?limit=2&cursor=${first.body.data.next_cursor}`);
    const listed = [...first.body.data.tenants, ...second.body.data.tenants].map((t: { id: string }) => t.id);
    expect(listed.sort()).toEqual(made.map((t) => t.id).sort());

    const renamed = await account.call('PATCH', `/api/v1/tenants/${made[0].id}`, { name: 'renamed-one' });
    expect(renamed.status).toBe(200);
    expect((await account.get('/api/v1/tenants/renamed-one')).body.data.id).toBe(made[0].id);
    expect((await account.get(`/api/v1/tenants/${names[0]}`)).status).toBe(404);
    const clash = await account.call('PATCH', `/api/v1/tenants/${made[1].id}`, { name: 'RENAMED-one' });
    expect(clash.status).toBe(409);

    // Its keys go with it; another tenant's key and the account's stay.
    const boundKey = async (tenantId: string) =>
      (await account.post('/api/v1/api-keys', { name: 'bound', permissions: ['mail'], tenant_id: tenantId })).body.data
        .key as string;
    const [gone, kept] = [await boundKey(made[2].id), await boundKey(made[1].id)];
    expect((await account.delete(`/api/v1/tenants/${made[2].id}`)).status).toBe(200);
    expect((await account.get(`/api/v1/tenants/${made[2].id}`)).status).toBe(404);
    expect((await client(service, gone).get('/api/v1/logs')).status).toBe(401);
    expect((await client(service, kept).get('/api/v1/logs')).status).toBe(200);
    const keys = (await account.get('/api/v1/api-keys')).body.data;
    expect(JSON.stringify(keys)).toContain(made[1].id);
    expect((await sesTenantRecord()).tenants.some((t) => t.TenantName === made[2].ses_tenant_name)).toBe(false);
    // The name is free again.
    expect((await account.post('/api/v1/tenants', { name: names[2] })).status).toBe(201);
  });

  it("answers 404 for another account's tenant, and 403 without the admin permission", async () => {
    const tenant = (await api.post('/api/v1/tenants', { name: unique('mine') })).body.data;
    const other = client(service, (await newAccount()).apiKey);
    expect((await other.get(`/api/v1/tenants/${tenant.id}`)).status).toBe(404);
    expect((await other.delete(`/api/v1/tenants/${tenant.id}`)).status).toBe(404);
    const { accountId } = await newAccount();
    const mailOnly = client(service, await keyWith(accountId, ['mail']));
    expect((await mailOnly.get('/api/v1/tenants')).status).toBe(403);
  });
});
