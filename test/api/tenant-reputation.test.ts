import type { SNSEvent } from 'aws-lambda';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageUuid } from '../../functions/domain/mail/message-id';
import { handler } from '../../functions/handlers/ses-events';
import { relayDeps } from '../../functions/smtp/relay-deps';
import { relayConnectionCounts, startRelay } from '../../functions/smtp/relay-server';
import { selfSignedCertificate } from '../../local/tls-certificate';
import { drainOnce } from '../support/drain';
import { client, newAccount, startService, uniqueAddress, type Client, type TestService } from '../support/service';

/**
 * Issue 42, done when: two tenants of one account; A's hard bounces pause A (its sends 422, over SMTP too)
 * while B and the untenanted sends go on; A's suppression does not block B; a tenant key sees only its tenant.
 */
let service: TestService;
let api: Client;
let accountId: string;
let relay: Awaited<ReturnType<typeof startRelay>>;
const certificate = selfSignedCertificate();
type Tenant = { id: string; name: string };
let a: Tenant;
let b: Tenant;
let keyA: string;
const bounced: string[] = [];
/** Mail queued for A and for B before A's pause (a batch): A's waits while A is paused. */
let waiting: { a: string; b: string };

const unique = (label: string) => `${label}-${Math.random().toString(36).slice(2, 10)}`;

/** An SES Bounce event for our own mail, as event publishing hands it to the SNS-subscribed function. */
const hardBounce = (messageId: string, address: string): SNSEvent =>
  ({
    Records: [
      {
        EventSource: 'aws:sns',
        Sns: {
          MessageId: crypto.randomUUID(),
          Message: JSON.stringify({
            eventType: 'Bounce',
            bounce: {
              bounceType: 'Permanent',
              bounceSubType: 'General',
              bouncedRecipients: [{ emailAddress: address, action: 'failed', status: '5.1.1' }],
              timestamp: new Date().toISOString(),
              feedbackId: crypto.randomUUID(),
            },
            mail: {
              timestamp: new Date().toISOString(),
              messageId: `ses-${crypto.randomUUID()}`,
              destination: [address],
              tags: { account_id: [accountId], message_uuid: [messageUuid(messageId)] },
            },
          }),
        },
      },
    ],
  }) as unknown as SNSEvent;

beforeAll(async () => {
  // A paused tenant's mail is looked at again a second later (five minutes in a deployment).
  process.env.DRAIN_PAUSED_WAIT_SECONDS = '1';
  service = await startService();
  const account = await newAccount('Tenant reputation');
  accountId = account.accountId;
  api = client(service, account.apiKey);
  await api.post('/api/v1/providers', { type: 'ses', name: 'SES', from_email: 'app@relay.example.com' });
  a = (await api.post('/api/v1/tenants', { name: unique('a') })).body.data;
  b = (await api.post('/api/v1/tenants', { name: unique('b') })).body.data;
  const bound = { name: 'A', permissions: ['mail', 'subscribers'], tenant_id: a.id };
  keyA = (await api.post('/api/v1/api-keys', bound)).body.data.key;
  relay = await startRelay(relayDeps(), {
    tls: certificate,
    mode: 'starttls',
    port: 0,
    connections: relayConnectionCounts(),
  });

  // A sends 100 mails; 12 of them bounce hard: 12% crosses the 10% pause line for A alone.
  const messages = Array.from({ length: 100 }, () => ({ to: uniqueAddress('a'), subject: 'Hi', text: 'x' }));
  const batch = await api.post('/api/v1/mail/send-batch', { tenant: a.name, messages });
  expect(batch.body.data.queued).toBe(100);
  expect((await drainOnce(60_000)).sent).toBe(100);
  const queued = await api.post('/api/v1/mail/send-batch', {
    messages: [
      { to: uniqueAddress('wait-a'), subject: 'Queued', text: 'x', tenant: a.id },
      { to: uniqueAddress('wait-b'), subject: 'Queued', text: 'x', tenant: b.id },
    ],
  });
  const [first, second] = queued.body.data.messages;
  waiting = { a: first.message_id, b: second.message_id };
  for (const entry of batch.body.data.messages.slice(0, 12)) {
    bounced.push(entry.to);
    await handler(hardBounce(entry.message_id, entry.to));
  }
}, 240_000);
afterAll(async () => {
  delete process.env.DRAIN_PAUSED_WAIT_SECONDS;
  await relay.stop();
  await service.close();
});

const statusOf = async (messageId: string) =>
  (await api.get(`/api/v1/mail/status/${encodeURIComponent(messageId)}`)).body.data.message.status;
const send = (as: Client, to: string, tenant?: string) =>
  as.post('/api/v1/mail/send', { to, subject: 'Hello', text: 'Hi', ...(tenant ? { tenant } : {}) });

describe('a tenant whose bounces cross the pause line', () => {
  it('is paused alone: its sends are 422 naming it, B and the untenanted sends go on', async () => {
    const refused = await send(api, uniqueAddress('after'), a.id);
    expect(refused.status).toBe(422);
    expect(refused.body.error.code).toBe('SENDING_PAUSED');
    expect(refused.body.error.message).toContain(a.name);
    expect((await api.get(`/api/v1/tenants/${a.id}`)).body.data.status).toBe('paused');
    expect((await send(client(service, keyA), uniqueAddress('key'))).status).toBe(422);
    expect((await send(api, uniqueAddress('b'), b.name)).status).toBe(200);
    expect((await send(api, uniqueAddress('none'))).status).toBe(200);
    expect((await api.get(`/api/v1/tenants/${b.id}`)).body.data.status).toBe('active');
  });

  it("leaves A's mail queued before the pause waiting (neither sent nor failed), while B's leaves", async () => {
    expect(await drainOnce()).toMatchObject({ paused: 1, failed: 0 });
    expect(await statusOf(waiting.a)).toBe('queued');
    expect(await statusOf(waiting.b)).toBe('sent');
    // Looked at again later, it still waits: the drainer reads the tenant's brake each run.
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(await drainOnce()).toMatchObject({ paused: 1, failed: 0 });
    expect(await statusOf(waiting.a)).toBe('queued');
  });

  it('is refused over the SMTP relay too (554 5.7.1), while B goes on', async () => {
    const key = (await api.post('/api/v1/api-keys', { name: 'relay', permissions: ['mail'] })).body.data.key;
    const transport = nodemailer.createTransport({
      host: '127.0.0.1',
      port: relay.port,
      requireTLS: true,
      auth: { user: 'apikey', pass: key },
      tls: { ca: certificate.cert, servername: 'localhost' },
    });
    const mail = (tenant: string) => ({
      from: 'app@relay.example.com',
      to: uniqueAddress('smtp'),
      subject: 'x',
      text: 'x',
      headers: { 'X-Tenant': tenant },
    });
    await expect(transport.sendMail(mail(a.name))).rejects.toMatchObject({ responseCode: 554 });
    expect((await transport.sendMail(mail(b.name))).response).toMatch(/^250 2\.0\.0 </);
  });

  it("has its own figures in GET /stats?tenant=; the account's cover all its mail and are not paused", async () => {
    const own = (await api.get(`/api/v1/stats?tenant=${a.name}&days=1`)).body.data;
    expect(own.tenant).toEqual({ id: a.id, name: a.name });
    expect(own).toMatchObject({ sent: 100, bounced_hard: 12 });
    expect(own.sending.paused).toBe(true);
    const account = (await api.get('/api/v1/stats?days=1')).body.data;
    expect(account.tenant).toBeNull();
    expect(account.sent).toBeGreaterThanOrEqual(100);
    expect(account.bounced_hard).toBe(12);
    expect(account.sending.paused).toBe(false);
    // The account's brake weighs the untenanted mail only: A's bounces are not in its last 24 hours.
    expect(account.last_24_hours.bounced_hard).toBe(0);
    expect((await api.get('/api/v1/stats?tenant=no-such-tenant')).status).toBe(404);
  });

  it("suppresses A's bounced addresses for A only: B and untenanted mail still reach them", async () => {
    const [address] = bounced;
    expect((await send(api, address, b.id)).status).toBe(200);
    expect((await send(api, address)).status).toBe(200);
    const forA = (await api.get(`/api/v1/suppressions?tenant=${a.id}&limit=100`)).body.data.suppressions;
    expect(forA.map((s: { email: string }) => s.email).sort()).toEqual([...bounced].sort());
    const account = (await api.get('/api/v1/suppressions?limit=100')).body.data.suppressions;
    expect(account.map((s: { email: string }) => s.email)).not.toContain(address);
  });

  it('an account suppression holds for every tenant', async () => {
    const address = uniqueAddress('acct');
    expect((await api.post('/api/v1/suppressions', { email: address })).status).toBe(201);
    const refused = await send(api, address, b.id);
    expect(refused.status).toBe(422);
    expect(refused.body.error.code).toBe('RECIPIENT_SUPPRESSED');
  });

  it('a tenant key reads only its tenant: the message log, a message, stats and suppressions', async () => {
    const asA = client(service, keyA);
    const other = await send(api, uniqueAddress('b-log'), b.id);
    const log = (await asA.get('/api/v1/mail?limit=100')).body.data.messages;
    expect(log.length).toBeGreaterThan(0);
    expect(log.every((m: { tenant_id: string }) => m.tenant_id === a.id)).toBe(true);
    const b404 = await asA.get(`/api/v1/mail/status/${encodeURIComponent(other.body.data.message_id)}`);
    expect(b404.status).toBe(404);
    expect((await asA.get(`/api/v1/mail?tenant=${b.id}`)).status).toBe(403);
    expect((await asA.get('/api/v1/stats?days=1')).body.data.tenant).toEqual({ id: a.id, name: a.name });
    const suppressions = (await asA.get('/api/v1/suppressions?limit=100')).body.data.suppressions;
    expect(suppressions.map((s: { email: string }) => s.email).sort()).toEqual([...bounced].sort());
    // A route that knows no tenants (the templates, the webhooks, ...) is not for it.
    expect((await asA.get('/api/v1/templates')).status).toBe(403);
    // The account's log, filtered by tenant, shows B's mail alone.
    const bLog = (await api.get(`/api/v1/mail?tenant=${b.name}&limit=100`)).body.data.messages;
    expect(bLog.every((m: { tenant_id: string }) => m.tenant_id === b.id)).toBe(true);
  });

  it('POST /stats/resume {tenant} resumes A alone', async () => {
    const resumed = await api.post('/api/v1/stats/resume', { tenant: a.name });
    expect(resumed.status).toBe(200);
    expect(resumed.body.data.paused).toBe(false);
    expect((await api.get(`/api/v1/tenants/${a.id}`)).body.data.status).toBe('active');
    expect((await send(api, uniqueAddress('resumed'), a.id)).status).toBe(200);
    // What waited in the queue leaves once A is resumed.
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(await drainOnce()).toMatchObject({ paused: 0 });
    expect(await statusOf(waiting.a)).toBe('sent');
    expect((await api.post('/api/v1/stats/resume', { tenant: 'no-such-tenant' })).status).toBe(404);
  });
});
