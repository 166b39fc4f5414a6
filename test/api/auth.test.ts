import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, keyWith, newAccount, startService, type TestService } from '../support/service';

let service: TestService;
let accountId: string;
let adminKey: string;

beforeAll(async () => {
  service = await startService();
  ({ accountId, apiKey: adminKey } = await newAccount());
});
afterAll(() => service.close());

/** Rate-limit windows are whole minutes: start a counting test early in a window so it cannot straddle two. */
const awaitFreshWindow = async () => {
  const secondsLeft = 60 - (Math.floor(Date.now() / 1000) % 60);
  if (secondsLeft < 15) await new Promise((resolve) => setTimeout(resolve, secondsLeft * 1000 + 200));
};

describe('authentication', () => {
  it.each([
    ['no Authorization header', {}],
    ['a malformed header', { Authorization: 'Token abc' }],
    ['an unknown key', { Authorization: 'Bearer esk_unknown' }],
  ])('answers 401 UNAUTHORIZED for %s', async (_name, headers) => {
    const answer = await client(service).get('/api/v1/api-keys', headers as Record<string, string>);
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({ success: false, error: { code: 'UNAUTHORIZED', message: expect.any(String) } });
  });

  it('answers 403 FORBIDDEN when the key lacks the permission, with rate-limit headers', async () => {
    const otpOnly = client(service, await keyWith(accountId, ['otp']));
    const answer = await otpOnly.post('/api/v1/mail/send', { to: 'a@example.com', subject: 's', text: 't' });
    expect(answer.status).toBe(403);
    expect(answer.body.error.code).toBe('FORBIDDEN');
    expect(answer.headers.get('ratelimit-limit')).toBe('60');
  });

  it('stops accepting a revoked key', async () => {
    const admin = client(service, adminKey);
    const created = await admin.post('/api/v1/api-keys', { name: 'short-lived', permissions: ['mail'] });
    const shortLived = client(service, created.body.data.key);
    expect((await shortLived.get('/api/v1/mail/status/x')).status).toBe(404);
    expect((await admin.delete(`/api/v1/api-keys/${created.body.data.id}`)).body).toEqual({
      success: true,
      message: 'API key revoked',
    });
    expect((await shortLived.get('/api/v1/mail/status/x')).status).toBe(401);
  });

  it(
    'answers a second revoke of the same key 404, as a second delete of a domain, template or webhook endpoint; ' +
      'of two at once, one revokes',
    async () => {
      const admin = client(service, adminKey);
      const once = (await admin.post('/api/v1/api-keys', { name: 'revoked twice', permissions: ['mail'] })).body.data
        .id;
      expect((await admin.delete(`/api/v1/api-keys/${once}`)).status).toBe(200);
      const again = await admin.delete(`/api/v1/api-keys/${once}`);
      expect([again.status, again.body.error?.code]).toEqual([404, 'NOT_FOUND']);

      const raced = (await admin.post('/api/v1/api-keys', { name: 'revoked at once', permissions: ['mail'] })).body.data
        .id;
      const answers = await Promise.all(Array.from({ length: 4 }, () => admin.delete(`/api/v1/api-keys/${raced}`)));
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 404, 404, 404]);
      expect((await admin.get('/api/v1/api-keys')).body.data.api_keys.map((k: { id: string }) => k.id)).not.toContain(
        raced,
      );
    },
  );

  it("never lets one account reach another's keys", async () => {
    const other = client(service, (await newAccount('Other')).apiKey);
    const mine = await client(service, adminKey).post('/api/v1/api-keys', { name: 'mine', permissions: ['mail'] });
    expect((await other.delete(`/api/v1/api-keys/${mine.body.data.id}`)).status).toBe(404);
    const listed = await other.get('/api/v1/api-keys');
    expect(listed.body.data.api_keys.map((k: { id: string }) => k.id)).not.toContain(mine.body.data.id);
  });
});

describe('the privilege ceiling', () => {
  it('lets a key grant only the permissions it holds and a rate limit up to its own', async () => {
    const { accountId } = await newAccount('Ceiling');
    const admin = client(service, await keyWith(accountId, ['admin'], 5));
    const everything = await admin.post('/api/v1/api-keys', {
      name: 'all',
      permissions: ['mail', 'otp', 'subscribers', 'admin'],
      rate_limit_per_minute: 5,
    });
    expect([everything.status, everything.body.error.code]).toEqual([403, 'FORBIDDEN']);
    expect(everything.body.error.message).toContain('mail');
    const faster = await admin.post('/api/v1/api-keys', {
      name: 'fast',
      permissions: ['admin'],
      rate_limit_per_minute: 100_000,
    });
    expect([faster.status, faster.body.error.code]).toEqual([403, 'FORBIDDEN']);
    const within = await admin.post('/api/v1/api-keys', {
      name: 'same',
      permissions: ['admin'],
      rate_limit_per_minute: 5,
    });
    expect(within.status).toBe(201);
    // Unset, the new key gets the default limit, capped at the creator's own.
    const unset = await admin.post('/api/v1/api-keys', { name: 'unset', permissions: ['admin'] });
    expect(unset.body.data.rate_limit_per_minute).toBe(5);
  });
});

describe('rate limit', () => {
  it('answers the 61st request in a minute with 429 RATE_LIMITED and Retry-After', async () => {
    await awaitFreshWindow();
    const api = client(service, await keyWith(accountId, ['mail']));
    const answers = [];
    for (let i = 0; i < 61; i++) answers.push(await api.get('/api/v1/mail/status/x'));
    expect(answers.slice(0, 60).every((a) => a.status === 404)).toBe(true);
    expect(answers[0].headers.get('ratelimit-remaining')).toBe('59');
    expect(answers[59].headers.get('ratelimit-remaining')).toBe('0');
    const limited = answers[60];
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('RATE_LIMITED');
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(limited.headers.get('ratelimit-reset')).toBe(String(retryAfter));
  });

  it('honours a per-key limit and counts keys separately', async () => {
    await awaitFreshWindow();
    const slow = client(service, await keyWith(accountId, ['mail'], 2));
    const other = client(service, await keyWith(accountId, ['mail'], 2));
    expect((await slow.get('/api/v1/mail/status/x')).headers.get('ratelimit-limit')).toBe('2');
    await slow.get('/api/v1/mail/status/x');
    expect((await slow.get('/api/v1/mail/status/x')).status).toBe(429);
    expect((await other.get('/api/v1/mail/status/x')).status).toBe(404);
  });
});
