import { networkInterfaces } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drainOnce } from '../support/drain';
import { freePort } from '../support/free-port';
import { client, newAccount, startService, uniqueAddress, type Client, type TestService } from '../support/service';
import { startSmtpSink } from '../support/smtp-sink';

/**
 * How the service talks to an SMTP relay: TLS unless the relay is on this machine and the provider
 * says `secure: false`; never to an internal address outside the local stack, whatever the name
 * resolves to when the mail leaves; and no socket detail in what a client can read.
 */
let service: TestService;
beforeAll(async () => {
  process.env.DRAIN_RETRY_BASE_SECONDS = '0';
  service = await startService();
});
afterAll(() => service.close());

const relay = (host: string, port: number, extra: Record<string, unknown> = {}) => ({
  type: 'smtp',
  name: 'Relay',
  from_email: 'relay@example.org',
  host,
  port,
  username: 'relay-user',
  password: 'relay-pass',
  ...extra,
});

const accountWith = async (provider: Record<string, unknown>) => {
  const api = client(service, (await newAccount('SMTP connection')).apiKey);
  const created = await api.post('/api/v1/providers', provider);
  expect(created.status).toBe(201);
  return api;
};

/** Queues one mail and drains: the message's status and error_message afterwards. */
const sendQueued = async (api: Client) => {
  const queued = await api.post('/api/v1/mail/send-batch', {
    messages: [{ to: uniqueAddress(), subject: 'Over SMTP', text: 'x' }],
  });
  await drainOnce();
  return (await api.get(`/api/v1/mail/status/${encodeURIComponent(queued.body.data.messages[0].message_id)}`)).body.data
    .message;
};

const withoutLocalFlag = async <T>(body: () => Promise<T>) => {
  const saved = process.env.ALLOW_PRIVATE_SMTP_HOSTS;
  delete process.env.ALLOW_PRIVATE_SMTP_HOSTS;
  try {
    return await body();
  } finally {
    if (saved === undefined) delete process.env.ALLOW_PRIVATE_SMTP_HOSTS;
    else process.env.ALLOW_PRIVATE_SMTP_HOSTS = saved;
  }
};

describe('TLS', () => {
  it(
    'a relay that offers no STARTTLS, for a provider that does not say secure:false: the send fails before any ' +
      'credentials are sent',
    async () => {
      const sink = await startSmtpSink({ user: 'relay-user', pass: 'relay-pass' });
      try {
        const api = await accountWith(relay('127.0.0.1', sink.port));
        const answer = await api.post('/api/v1/mail/send', { to: uniqueAddress(), subject: 's', text: 't' });
        expect([answer.status, answer.body.error.code]).toEqual([500, 'SEND_FAILED']);
        expect(sink.connections()).toBeGreaterThan(0);
        expect(sink.authAttempts).toEqual([]);
        expect(sink.received).toEqual([]);
      } finally {
        await sink.close();
      }
    },
  );

  it('secure:false lets a relay on this machine go without TLS (local development)', async () => {
    const sink = await startSmtpSink({ user: 'relay-user', pass: 'relay-pass' });
    try {
      const api = await accountWith(relay('127.0.0.1', sink.port, { secure: false }));
      expect((await api.post('/api/v1/mail/send', { to: uniqueAddress(), subject: 's', text: 't' })).status).toBe(200);
      expect(sink.authAttempts).toEqual(['relay-user']);
    } finally {
      await sink.close();
    }
  });

  const outward = Object.values(networkInterfaces())
    .flat()
    .find((address) => address && !address.internal && address.family === 'IPv4')?.address;
  it.skipIf(!outward)('secure:false does not allow plain text to a relay elsewhere than this machine', async () => {
    const sink = await startSmtpSink({ user: 'relay-user', pass: 'relay-pass', host: '0.0.0.0' });
    try {
      const api = await accountWith(relay(outward!, sink.port, { secure: false }));
      expect((await api.post('/api/v1/mail/send', { to: uniqueAddress(), subject: 's', text: 't' })).status).toBe(500);
      expect(sink.authAttempts).toEqual([]);
    } finally {
      await sink.close();
    }
  });
});

describe('internal addresses at connect time', () => {
  it.each(['127.0.0.1', 'localhost'])(
    'a provider on %s made on the local stack sends nothing once the stack is not local',
    async (host) => {
      const sink = await startSmtpSink({ user: 'relay-user', pass: 'relay-pass' });
      try {
        const api = await accountWith(relay(host, sink.port, { secure: false }));
        const answer = await withoutLocalFlag(() =>
          api.post('/api/v1/mail/send', { to: uniqueAddress(), subject: 's', text: 't' }),
        );
        expect([answer.status, answer.body.error.code]).toEqual([500, 'SEND_FAILED']);
        expect(sink.connections()).toBe(0);
        const status = await withoutLocalFlag(() => sendQueued(api));
        // Refused, not failed: no later attempt would be allowed either.
        expect(status).toMatchObject({
          status: 'failed',
          error_message: 'The SMTP server could not be reached (after 1 attempt)',
        });
        expect(sink.connections()).toBe(0);
      } finally {
        await sink.close();
      }
    },
  );
});

describe('what a client reads of a failed SMTP send', () => {
  it('names no socket error, address or port', async () => {
    const port = await freePort();
    const api = await accountWith(relay('127.0.0.1', port, { secure: false }));
    const status = await sendQueued(api);
    expect(status.status).toBe('failed');
    expect(status.error_message).toBe('The SMTP server could not be reached (after 5 attempts)');
    expect(status.error_message).not.toMatch(/E[A-Z]{4,}|127\.0\.0\.1|\d{4,5}/);
  });
});
