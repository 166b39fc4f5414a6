import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { receiverSetup } from '../support/receivers';
import { providerEvents } from '../support/reputation';
import { client, keyWith, newAccount, startService, uniqueAddress, type TestService } from '../support/service';
import { resendClient } from '../support/resend-account';

/**
 * docs/promises.md "Usage": GET /usage (and Resend's `usage`) answers the account's mails sent, delivered,
 * bounced and complained today and this month (UTC), from the reputation counters, and the default
 * provider's quota where it states one.
 */
let service: TestService;

beforeAll(async () => {
  service = await startService();
});
afterAll(() => service.close());

const { hardBounces, complaints } = providerEvents(() => service);

const ZERO = { sent: 0, delivered: 0, bounced: 0, complained: 0 };

describe('GET /usage', () => {
  it("counts the account's sends, bounces and complaints today and this month, with SES's quota", async () => {
    const s = await receiverSetup(service);
    const api = client(service, await keyWith(s.accountId, ['admin', 'mail'], 100_000));
    const fresh = await api.get('/api/v1/usage');
    expect(fresh.status).toBe(200);
    const now = new Date();
    const today = `${now.toISOString().slice(0, 10)}T00:00:00.000Z`;
    const month = `${now.toISOString().slice(0, 7)}-01T00:00:00.000Z`;
    expect(fresh.body.data).toEqual({
      today: { ...ZERO, from: today, resets_at: expect.stringMatching(/T00:00:00.000Z$/) },
      month: { ...ZERO, from: month, resets_at: expect.stringMatching(/-01T00:00:00.000Z$/) },
      // What the local SES emulator answers to GetAccount (local/ses-account.ts).
      quota: { max_24_hour_send: 50_000, max_send_rate: expect.any(Number), sent_last_24_hours: 0 },
    });

    const sent = await api.post('/api/v1/mail/send', {
      to: uniqueAddress(),
      cc: [uniqueAddress()],
      subject: 'A',
      text: 'x',
    });
    expect(sent.status).toBe(200);
    expect((await api.post('/api/v1/mail/send', { to: uniqueAddress(), subject: 'B', text: 'x' })).status).toBe(200);
    await hardBounces(s, 2);
    await complaints(s, 1);

    // Another account's mail is not this one's.
    const other = await receiverSetup(service);
    await hardBounces(other, 3);

    const counted = (await api.get('/api/v1/usage')).body.data;
    const figures = { sent: 3, delivered: 0, bounced: 2, complained: 1 };
    expect(counted.today).toMatchObject(figures);
    expect(counted.month).toMatchObject(figures);
  });

  it('answers a null quota without an SES default provider; needs the admin permission', async () => {
    const { accountId, apiKey } = await newAccount('No provider');
    const api = client(service, apiKey);
    expect((await api.get('/api/v1/usage')).body.data.quota).toBeNull();
    const smtp = await api.post('/api/v1/providers', {
      type: 'smtp',
      name: 'Relay',
      from_email: 'relay@example.org',
      host: 'smtp.example.org',
      port: 587,
    });
    expect(smtp.status).toBe(201);
    const usage = await api.get('/api/v1/usage');
    expect(usage.body.data).toMatchObject({ today: ZERO, quota: null });
    expect((await client(service, await keyWith(accountId, ['mail'])).get('/api/v1/usage')).status).toBe(403);
    // Reading usage is a request like any other: logged (only the log's own reads are not).
    const logged = (await api.get('/api/v1/logs')).body.data.logs;
    expect(logged[0]).toMatchObject({ endpoint: '/api/v1/usage', method: 'GET', response_status: 403 });
    expect(logged[1]).toMatchObject({ endpoint: '/api/v1/usage', response_status: 200 });
  });
});

describe("Resend's usage through the SDK", () => {
  it('answers emails.daily and emails.monthly with the counts, as the SDK types them', async () => {
    const s = await receiverSetup(service);
    const key = await keyWith(s.accountId, ['admin', 'mail'], 600);
    const api = client(service, key);
    expect((await api.post('/api/v1/mail/send', { to: uniqueAddress(), subject: 'A', text: 'x' })).status).toBe(200);
    await hardBounces(s, 1);
    const resend = resendClient(service, key);
    const { data, error } = await resend.usage.get();
    expect(error).toBeNull();
    const counts = { used: 1, sent: 1, delivered: 0, bounced: 1, complained: 0, received: 0 };
    expect(data).toMatchObject({
      object: 'usage',
      emails: {
        daily: { ...counts, limit: 50_000, resets_at: expect.stringMatching(/Z$/) },
        monthly: { ...counts, limit: expect.any(Number), resets_at: expect.stringMatching(/-01T00:00:00.000Z$/) },
      },
      domains: { used: 0 },
      rate_limit: { limit: 600, duration: '60s' },
    });
    const mailOnly = resendClient(service, await keyWith(s.accountId, ['mail']));
    // Resend answers a key without the permission 401 (restricted_api_key), as it does.
    expect((await mailOnly.usage.get()).error).toMatchObject({ statusCode: 401 });
  });
});
