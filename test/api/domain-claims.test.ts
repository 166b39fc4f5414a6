import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { domainDeps } from '../../functions/adapters/wiring';
import { checkDomains } from '../../functions/domain/domains/domains';
import { startDnsServer } from '../support/dns-server';
import { client, keyWith, newAccount, startService, type Client, type TestService } from '../support/service';

/**
 * docs/promises.md, Sending domains: a claim is proven, bounded and released. The SES identities live in
 * the suite's SES identity peer (local/ses-identities-peer.ts), on the wire of SES v2, where a test
 * also makes an identity of its own, as the operator or another stack would.
 */
let service: TestService;
let dns: Awaited<ReturnType<typeof startDnsServer>>;
let api: Client;
let other: Client;
const ses = () => process.env.AWS_ENDPOINT_URL_SESV2!;

beforeAll(async () => {
  dns = await startDnsServer();
  process.env.DNS_SERVERS = dns.address;
  service = await startService();
  api = client(service, (await newAccount('Claims')).apiKey);
  other = client(service, (await newAccount('Someone else')).apiKey);
});
afterAll(async () => {
  await service.close();
  dns.close();
});
afterEach(() => {
  delete process.env.DOMAINS_PER_ACCOUNT;
});

const uniqueDomain = (label = 'claim') => `${label}-${Math.random().toString(36).slice(2, 10)}.example`;
const identity = async (name: string) => {
  const answer = await fetch(`${ses()}/v2/email/identities/${name}`);
  return answer.status === 200
    ? ((await answer.json()) as { VerificationStatus: string; MailFromAttributes?: unknown })
    : undefined;
};

describe('an SES identity this deployment did not create', () => {
  it('is never adopted: 409 taken, not verified, its MAIL FROM left alone, the name not held', async () => {
    const name = uniqueDomain('operator');
    // The operator's own sender, verified in SES long before.
    expect(
      (await fetch(`${ses()}/v2/email/identities`, { method: 'POST', body: JSON.stringify({ EmailIdentity: name }) }))
        .status,
    ).toBe(200);
    expect((await fetch(`${ses()}/_local/identities/${name}/verify`, { method: 'POST' })).status).toBe(200);
    for (const spelling of [name, `${name.toUpperCase()}.`]) {
      const answer = await api.post('/api/v1/domains', { name: spelling });
      expect(answer.status).toBe(409);
      expect(answer.body.error).toEqual({ code: 'CONFLICT', message: `The domain ${name} is taken` });
    }
    expect((await api.get('/api/v1/domains')).body.data.domains).toEqual([]);
    expect(await identity(name)).toMatchObject({ VerificationStatus: 'SUCCESS' });
    expect((await identity(name))?.MailFromAttributes).toBeUndefined();
    // Through the Resend shape as well; and the claim was dropped, so the next one is refused the same way.
    expect((await other.post('/resend/domains', { name })).status).toBe(409);
    expect(await identity(name)).toBeDefined();
  });
});

describe('a name someone else holds', () => {
  it("answers only that it is taken; the caller's own is named as its own", async () => {
    const name = uniqueDomain('held');
    const mine = await api.post('/api/v1/domains', { name });
    expect(mine.status).toBe(201);
    const theirs = await other.post('/api/v1/domains', { name: `${name}.` });
    expect(theirs.body.error).toEqual({ code: 'CONFLICT', message: `The domain ${name} is taken` });
    const again = await api.post('/api/v1/domains', { name });
    expect(again.body.error.message).toContain(mine.body.data.id);
  });

  it(
    "the operator's shared domains (SENDER_DOMAINS_ALLOWED) and names under them are the deployment's: taken, and " +
      'every account still sends from them',
    async () => {
      for (const name of ['example.com', 'News.Example.COM', 'deep.mail.example.org.']) {
        const claimed = await other.post('/api/v1/domains', { name });
        expect([claimed.status, claimed.body.error.code, claimed.body.error.message]).toEqual([
          409,
          'CONFLICT',
          expect.stringMatching(/is taken$/),
        ]);
      }
      // An account without domains of its own sends from the shared domain, as before anyone tried.
      const plain = client(service, (await newAccount('Shared sender')).apiKey);
      await plain.post('/api/v1/providers', {
        type: 'ses',
        name: 'Shared',
        from_email: 'app@example.com',
        is_default: true,
      });
      expect((await plain.post('/api/v1/mail/send', { to: 'r@example.org', subject: 's', text: 't' })).status).toBe(
        200,
      );
    },
  );
});

describe('names whose records would not fit DNS', () => {
  it.each([
    ['210 characters: its DKIM record name would be 254', 210],
    ['240 characters', 240],
  ])('%s: 400 on name, nothing claimed', async (_what, length) => {
    const name = `${'d'.repeat(61)}.${'e'.repeat(61)}.${'f'.repeat(61)}.${'g'.repeat(61)}.example`
      .slice(-length)
      .replace(/^[.-]+/, 'h');
    expect(name).toHaveLength(length);
    const answer = await api.post('/api/v1/domains', { name });
    expect(answer.status).toBe(400);
    expect(answer.body.error.details).toEqual([{ field: 'name', message: expect.stringContaining('._domainkey.') }]);
    expect(await identity(name)).toBeUndefined();
  });

  it('209 characters: its DKIM record name is 253, registered', async () => {
    const labels = `${'d'.repeat(61)}.${'e'.repeat(61)}.${'f'.repeat(61)}.${'g'.repeat(61)}`;
    const name = `${labels}.${Math.random().toString(36).slice(2, 8)}.example`.slice(-209).replace(/^[.-]+/, 'h');
    const answer = await api.post('/api/v1/domains', { name });
    expect(answer.status).toBe(201);
    expect(Math.max(...answer.body.data.records.map((r: { name: string }) => r.name.length))).toBe(253);
  });
});

describe('a cap on domains per account', () => {
  it('DOMAINS_PER_ACCOUNT=4: 12 registrations at once leave exactly 4, the rest 422 DOMAIN_LIMIT_REACHED; a delete ' +
    'frees a place', async () => {
    process.env.DOMAINS_PER_ACCOUNT = '4';
    const { accountId } = await newAccount('Capped');
    const capped = client(service, await keyWith(accountId, ['admin'], 100_000));
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => capped.post('/api/v1/domains', { name: uniqueDomain('cap') })),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(4);
    const over = answers.filter((a) => a.status !== 201);
    expect(over.map((a) => [a.status, a.body.error.code])).toEqual(over.map(() => [422, 'DOMAIN_LIMIT_REACHED']));
    expect(over[0].body.error.message).toContain('4 sending domains');
    // Those refused left no identity behind.
    const listed = (await capped.get('/api/v1/domains')).body.data.domains as { id: string }[];
    expect(listed).toHaveLength(4);
    expect((await capped.delete(`/api/v1/domains/${listed[0].id}`)).status).toBe(200);
    expect((await capped.post('/api/v1/domains', { name: uniqueDomain('cap') })).status).toBe(201);
    expect((await capped.post('/api/v1/domains', { name: uniqueDomain('cap') })).status).toBe(422);
  }, 60_000);
});

describe('a claim that does not verify within 72 hours', () => {
  it(
    'frees its name: another account registers it; the old one sees it failed, its verify says why, its delete ' +
      'leaves the new identity',
    async () => {
      const name = uniqueDomain('lapsed');
      const lapsed = (await api.post('/api/v1/domains', { name })).body.data;
      const later = (hours: number) => ({
        ...domainDeps(),
        clock: { now: () => new Date(Date.parse(lapsed.created_at) + hours * 3_600_000) },
      });
      await checkDomains(later(71));
      expect((await other.post('/api/v1/domains', { name })).status).toBe(409);
      await checkDomains(later(73));
      expect((await api.get(`/api/v1/domains/${lapsed.id}`)).body.data.status).toBe('failed');
      // The identity it made is gone with it, so the next claim proves itself from the start.
      expect(await identity(name)).toBeUndefined();

      const taken = await other.post('/api/v1/domains', { name });
      expect(taken.status).toBe(201);
      expect(await identity(name)).toMatchObject({ VerificationStatus: 'PENDING' });
      const verify = await api.post(`/api/v1/domains/${lapsed.id}/verify`);
      expect(verify.status).toBe(409);
      expect(verify.body.error.message).toContain('released');
      expect((await api.delete(`/api/v1/domains/${lapsed.id}`)).status).toBe(200);
      expect(await identity(name)).toBeDefined();
      expect((await other.get(`/api/v1/domains/${taken.body.data.id}`)).body.data.status).toBe('pending');
    },
  );

  it('a verified domain keeps its name whatever its state later', async () => {
    const name = uniqueDomain('kept');
    const kept = (await api.post('/api/v1/domains', { name })).body.data;
    await fetch(`${ses()}/_local/identities/${name}/verify`, { method: 'POST' });
    expect((await api.post(`/api/v1/domains/${kept.id}/verify`)).body.data.status).toBe('verified');
    await fetch(`${ses()}/v2/email/identities/${name}`, { method: 'DELETE' });
    await checkDomains({
      ...domainDeps(),
      clock: { now: () => new Date(Date.parse(kept.created_at) + 100 * 3_600_000) },
    });
    expect((await api.get(`/api/v1/domains/${kept.id}`)).body.data.status).toBe('failed');
    expect((await other.post('/api/v1/domains', { name })).status).toBe(409);
  });
});
