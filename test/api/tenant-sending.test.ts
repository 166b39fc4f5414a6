import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { relayDeps } from '../../functions/smtp/relay-deps';
import { relayConnectionCounts, startRelay } from '../../functions/smtp/relay-server';
import { selfSignedCertificate } from '../../local/tls-certificate';
import { mailTo } from '../support/mailbox';
import { runJobsAndDrain } from '../support/jobs';
import { client, newAccount, startService, uniqueAddress, type Client, type TestService } from '../support/service';
import { sesTenantRecord } from '../support/ses-tenants';

/** Issue 42: `tenant` on the send paths, the SES call's TenantName, and keys bound to a tenant. */
let service: TestService;
let api: Client;
let relay: Awaited<ReturnType<typeof startRelay>>;
const certificate = selfSignedCertificate();
type Tenant = { id: string; name: string; ses_tenant_name: string };
let a: Tenant;
let b: Tenant;
let keyA: string;

const unique = (label: string) => `${label}-${Math.random().toString(36).slice(2, 10)}`;

beforeAll(async () => {
  service = await startService();
  api = client(service, (await newAccount('Tenant sender')).apiKey);
  await api.post('/api/v1/providers', { type: 'ses', name: 'SES', from_email: 'app@relay.example.com' });
  a = (await api.post('/api/v1/tenants', { name: unique('a') })).body.data;
  b = (await api.post('/api/v1/tenants', { name: unique('b') })).body.data;
  const created = await api.post('/api/v1/api-keys', { name: 'A only', permissions: ['mail'], tenant_id: a.name });
  expect(created.status).toBe(201);
  expect(created.body.data.tenant_id).toBe(a.id);
  keyA = created.body.data.key;
  relay = await startRelay(relayDeps(), {
    tls: certificate,
    mode: 'starttls',
    port: 0,
    connections: relayConnectionCounts(),
  });
});
afterAll(async () => {
  await relay.stop();
  await service.close();
});

const sendsTo = async (address: string) => (await sesTenantRecord()).sends.filter((s) => s.to.includes(address));
const send = (as: Client, to: string, extra: Record<string, unknown> = {}) =>
  as.post('/api/v1/mail/send', { to, subject: 'Hello', text: 'Hi', ...extra });

describe('sending as a tenant', () => {
  it("carries the tenant's SES TenantName on the SES call, by id or by name, and records the tenant", async () => {
    const [byId, byName, none] = [uniqueAddress('id'), uniqueAddress('name'), uniqueAddress('none')];
    const sent = await send(api, byId, { tenant: a.id });
    expect(sent.status).toBe(200);
    expect((await send(api, byName, { tenant: b.name.toUpperCase() })).status).toBe(200);
    expect((await send(api, none)).status).toBe(200);
    expect((await sendsTo(byId)).map((s) => s.TenantName)).toEqual([a.ses_tenant_name]);
    expect((await sendsTo(byName)).map((s) => s.TenantName)).toEqual([b.ses_tenant_name]);
    expect(await sendsTo(none)).toEqual([]);
    expect(await mailTo(byId)).toHaveLength(1);
    const status = await api.get(`/api/v1/mail/status/${encodeURIComponent(sent.body.data.message_id)}`);
    expect(status.body.data.message.tenant_id).toBe(a.id);
  });

  it('refuses an unknown or foreign tenant with 404, and sends nothing', async () => {
    const other = client(service, (await newAccount()).apiKey);
    const foreign = (await other.post('/api/v1/tenants', { name: unique('x') })).body.data;
    for (const tenant of ['no-such-tenant', foreign.id, foreign.name]) {
      const to = uniqueAddress('unknown');
      const answer = await send(api, to, { tenant });
      expect(answer.status).toBe(404);
      expect(answer.body.error.code).toBe('NOT_FOUND');
      expect(await mailTo(to)).toEqual([]);
    }
  });

  it('a key bound to a tenant sends as it without naming it; naming another is 403', async () => {
    const asA = client(service, keyA);
    const [own, named, other] = [uniqueAddress('own'), uniqueAddress('named'), uniqueAddress('other')];
    expect((await send(asA, own)).status).toBe(200);
    expect((await send(asA, named, { tenant: a.name })).status).toBe(200);
    expect((await sendsTo(own)).map((s) => s.TenantName)).toEqual([a.ses_tenant_name]);
    expect((await sendsTo(named)).map((s) => s.TenantName)).toEqual([a.ses_tenant_name]);
    const refused = await send(asA, other, { tenant: b.id });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('FORBIDDEN');
    const batch = await asA.post('/api/v1/mail/send-batch', {
      messages: [{ to: other, subject: 'Hi', text: 'x', tenant: b.name }],
    });
    expect(batch.status).toBe(403);
    expect(await mailTo(other)).toEqual([]);
  });

  it('a key bound to a tenant cannot hold admin, and a foreign tenant_id is 404', async () => {
    const admin = await api.post('/api/v1/api-keys', { name: 'x', permissions: ['admin'], tenant_id: a.id });
    expect(admin.status).toBe(400);
    const foreign = await api.post('/api/v1/api-keys', { name: 'x', permissions: ['mail'], tenant_id: 'nobody' });
    expect(foreign.status).toBe(404);
  });

  it('takes the batch tenant and an item override; the drained mail carries each TenantName', async () => {
    const [first, second] = [uniqueAddress('batch-a'), uniqueAddress('batch-b')];
    const batch = await api.post('/api/v1/mail/send-batch', {
      tenant: a.name,
      messages: [
        { to: first, subject: 'One', text: 'x' },
        { to: second, subject: 'Two', text: 'x', tenant: b.id },
        { to: uniqueAddress('batch-x'), subject: 'Three', text: 'x', tenant: 'no-such-tenant' },
      ],
    });
    expect(batch.status).toBe(200);
    expect(batch.body.data.messages.map((m: { status: string }) => m.status)).toEqual(['queued', 'queued', 'failed']);
    expect(batch.body.data.messages[2].error.code).toBe('NOT_FOUND');
    await runJobsAndDrain();
    expect((await sendsTo(first)).map((s) => s.TenantName)).toEqual([a.ses_tenant_name]);
    expect((await sendsTo(second)).map((s) => s.TenantName)).toEqual([b.ses_tenant_name]);
  });
});

describe('the SMTP relay with X-Tenant', () => {
  const transport = (password: string) =>
    nodemailer.createTransport({
      host: '127.0.0.1',
      port: relay.port,
      requireTLS: true,
      auth: { user: 'apikey', pass: password },
      tls: { ca: certificate.cert, servername: 'localhost' },
    });

  it('sends as the tenant the header names; a tenant key naming another is 550 5.7.1', async () => {
    const to = uniqueAddress('smtp');
    const key = (await api.post('/api/v1/api-keys', { name: 'relay', permissions: ['mail'] })).body.data.key;
    await transport(key).sendMail({
      from: 'app@relay.example.com',
      to,
      subject: 'Via SMTP',
      text: 'x',
      headers: { 'X-Tenant': b.name },
    });
    expect((await sendsTo(to)).map((s) => s.TenantName)).toEqual([b.ses_tenant_name]);
    const [delivered] = await mailTo(to);
    expect(JSON.stringify(delivered)).not.toMatch(/x-tenant/i);

    const other = uniqueAddress('smtp-other');
    const refused = transport(keyA).sendMail({
      from: 'app@relay.example.com',
      to: other,
      subject: 'Not mine',
      text: 'x',
      headers: { 'X-Tenant': b.name },
    });
    await expect(refused).rejects.toMatchObject({ responseCode: 550, response: expect.stringMatching(/^550 5\.7\.1/) });
    expect(await mailTo(other)).toEqual([]);
  });
});
