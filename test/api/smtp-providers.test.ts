import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, keyWith, newAccount, startService, type Client, type TestService } from '../support/service';

/**
 * SMTP providers name a host the service connects to: an admin key must not turn that into a probe
 * of the service's own network. Private, loopback and link-local hosts are for the local stack only
 * (ALLOW_PRIVATE_SMTP_HOSTS=true, which npm start and the tests set).
 */
let service: TestService;
let api: Client;
beforeAll(async () => {
  service = await startService();
  // Many calls in a minute: a key with room for them.
  api = client(service, await keyWith((await newAccount('SMTP hosts')).accountId, ['admin'], 1000));
});
afterAll(() => service.close());

const relay = (host: string) => ({ type: 'smtp', name: 'Relay', from_email: 'relay@example.org', host, port: 587 });

/** Runs `body` as a deployment runs: without the local stack's flag. */
const deployed = async (body: () => Promise<void>) => {
  const saved = process.env.ALLOW_PRIVATE_SMTP_HOSTS;
  delete process.env.ALLOW_PRIVATE_SMTP_HOSTS;
  try {
    await body();
  } finally {
    if (saved === undefined) delete process.env.ALLOW_PRIVATE_SMTP_HOSTS;
    else process.env.ALLOW_PRIVATE_SMTP_HOSTS = saved;
  }
};

const PRIVATE_HOSTS = [
  '169.254.169.254', // the cloud metadata service
  '10.0.0.1',
  '172.16.5.4',
  '192.168.1.1',
  '100.64.0.1', // carrier-grade NAT
  '127.0.0.1',
  '127.1.2.3',
  '0.0.0.0',
  'localhost',
  'LOCALHOST',
  'mail.localhost',
  '::1',
  '::',
  '::ffff:127.0.0.1',
  '::ffff:a9fe:a9fe', // 169.254.169.254, IPv4-mapped
  'fd00:ec2::254', // the metadata service over IPv6 (unique local)
  'fe80::1',
];

describe('SMTP provider hosts outside the local stack', () => {
  it.each(PRIVATE_HOSTS)('%s: 400 VALIDATION_ERROR on host, on create and on update', async (host) => {
    const created = await api.post('/api/v1/providers', relay('smtp.example.org'));
    await deployed(async () => {
      const refused = await api.post('/api/v1/providers', relay(host));
      expect([refused.status, refused.body.error.code]).toEqual([400, 'VALIDATION_ERROR']);
      expect(refused.body.error.details).toEqual([{ field: 'host', message: expect.any(String) }]);
      const update = await api.put(`/api/v1/providers/${created.body.data.id}`, { host });
      expect([update.status, update.body.error.details]).toEqual([
        400,
        [{ field: 'host', message: expect.any(String) }],
      ]);
    });
    expect((await api.get(`/api/v1/providers/${created.body.data.id}`)).body.data.host).toBe('smtp.example.org');
  });

  it.each([
    '127.1',
    '2130706433',
    '0x7f000001',
    'smtp.example.org:25',
    '[::1]',
    'smtp example.org',
    'http://smtp.example.org',
  ])('%s is no host name or IP address: 400 on host', async (host) => {
    const refused = await api.post('/api/v1/providers', relay(host));
    expect([refused.status, refused.body.error.details]).toEqual([
      400,
      [{ field: 'host', message: expect.any(String) }],
    ]);
  });

  it.each(['smtp.sendgrid.net', 'SMTP.Mailgun.org', '198.51.100.7', '2001:db8::25'])('%s is accepted', async (host) => {
    await deployed(async () => {
      expect((await api.post('/api/v1/providers', relay(host))).status).toBe(201);
    });
  });

  it('on the local stack, a loopback relay is accepted', async () => {
    expect((await api.post('/api/v1/providers', relay('127.0.0.1'))).status).toBe(201);
    expect((await api.post('/api/v1/providers', relay('localhost'))).status).toBe(201);
  });
});
