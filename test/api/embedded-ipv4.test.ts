import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, newAccount, startService, type Client, type TestService } from '../support/service';

/**
 * IPv6 forms that carry an IPv4 address are judged by that IPv4 address, for webhook URLs and SMTP
 * provider hosts alike (issue 23, class 8): the same check runs at creation and at connect time
 * (functions/domain/providers/smtp-host.ts, used by the webhook poster and the relay socket).
 */
let service: TestService;
let api: Client;

beforeAll(async () => {
  service = await startService();
  api = client(service, (await newAccount('Embedded IPv4')).apiKey);
});
afterAll(() => service.close());

/** As a deployment runs: no private SMTP hosts, no loopback webhooks. */
const deployed = async <T>(body: () => Promise<T>) => {
  const saved = { smtp: process.env.ALLOW_PRIVATE_SMTP_HOSTS, hooks: process.env.ALLOW_LOOPBACK_WEBHOOKS };
  delete process.env.ALLOW_PRIVATE_SMTP_HOSTS;
  process.env.ALLOW_LOOPBACK_WEBHOOKS = 'false';
  try {
    return await body();
  } finally {
    if (saved.smtp === undefined) delete process.env.ALLOW_PRIVATE_SMTP_HOSTS;
    else process.env.ALLOW_PRIVATE_SMTP_HOSTS = saved.smtp;
    process.env.ALLOW_LOOPBACK_WEBHOOKS = saved.hooks;
  }
};

const INTERNAL = [
  '64:ff9b::a9fe:a9fe', // NAT64 of 169.254.169.254
  '64:ff9b::10.0.0.1', // NAT64, dotted
  '64:ff9b::7f00:1', // NAT64 of 127.0.0.1
  '64:ff9b:1::a00:1', // local-use NAT64
  '2002:a9fe:a9fe::1', // 6to4 of 169.254.169.254
  '2002:c0a8:0101::', // 6to4 of 192.168.1.1
  '2002:7f00:1::', // 6to4 of 127.0.0.1
  '::10.0.0.1', // IPv4-compatible
  '::a9fe:a9fe', // IPv4-compatible, hex
  '::127.0.0.1',
  '::ffff:10.1.2.3', // IPv4-mapped
  '::ffff:0:a9fe:a9fe', // IPv4-translated (SIIT) of 169.254.169.254
  '::ffff:0:192.168.0.1',
  '2001:0:4136:e378:8000:63bf:f5ff:fffe', // Teredo, client 10.0.0.1
  '2001:0:a00:1::1', // Teredo, server 10.0.0.1
];

const PUBLIC = ['64:ff9b::808:808', '2002:c633:6407::1', '::ffff:0:198.51.100.7', '2001:db8::25'];

const relay = (host: string) => ({ type: 'smtp', name: 'Relay', from_email: 'relay@example.org', host, port: 587 });

describe('IPv6 addresses with an IPv4 address inside', () => {
  it.each(INTERNAL)('%s: refused as an SMTP host and a webhook URL', async (address) => {
    await deployed(async () => {
      const provider = await api.post('/api/v1/providers', relay(address));
      expect([provider.status, provider.body.error?.details]).toEqual([
        400,
        [{ field: 'host', message: expect.any(String) }],
      ]);
      const hook = await api.post('/api/v1/webhook-endpoints', {
        url: `https://[${address}]/hooks`,
        events: ['email.sent'],
      });
      expect([hook.status, hook.body.error?.code]).toEqual([400, 'VALIDATION_ERROR']);
    });
  });

  it.each(PUBLIC)('%s (a public IPv4 inside, or none): accepted', async (address) => {
    await deployed(async () => {
      expect((await api.post('/api/v1/providers', relay(address))).status).toBe(201);
      const hook = await api.post('/api/v1/webhook-endpoints', {
        url: `https://[${address}]/hooks`,
        events: ['email.sent'],
      });
      expect(hook.status).toBe(201);
      await api.delete(`/api/v1/webhook-endpoints/${hook.body.data.id}`);
    });
  });
});
