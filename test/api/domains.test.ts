import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDomainService } from '../support/domain-service';
import { mailTo } from '../support/mailbox';
import { client, newAccount, uniqueAddress, type Client, type TestService } from '../support/service';
import { scratchDir } from '../support/scratch-dir';

/**
 * docs/promises.md, Sending domains. The records are published in a real DNS server (dns2) that the
 * service's look-ups and the local SES identity peer reach through DNS_SERVERS; the peer of this file
 * stands in front of the suite's SES emulator, so sends still reach its mailbox.
 */
let service: TestService;
let dns: Awaited<ReturnType<typeof startDomainService>>['dns'];
let ses: Awaited<ReturnType<typeof startDomainService>>['ses'];
let stop: () => Promise<void>;
let api: Client;
let other: Client;

beforeAll(async () => {
  ({ dns, ses, service, stop } = await startDomainService());
  api = client(service, (await newAccount('Domains')).apiKey);
  other = client(service, (await newAccount('Someone else')).apiKey);
  for (const account of [api, other])
    expect(
      (
        await account.post('/api/v1/providers', {
          type: 'ses',
          name: 'SES',
          from_email: 'noreply@shop.example',
          from_name: 'Shop',
        })
      ).status,
    ).toBe(201);
});
afterAll(async () => {
  await stop();
});

const uniqueDomain = (label = 'brand') => `${label}-${Math.random().toString(36).slice(2, 10)}.example`;
type Record = {
  record: string;
  type: string;
  name: string;
  value: string;
  priority?: number;
  status: string;
  found?: string;
  reason?: string;
};
const byKind = (records: Record[], kind: string) => records.filter((r) => r.record === kind);

const publishDkim = (records: Record[]) => {
  for (const r of byKind(records, 'DKIM')) dns.publish(r.name, { type: 'CNAME', value: r.value });
};

describe('a domain from create to verified', () => {
  it(
    'DKIM published, MX left out, a wrong SPF: DKIM verified, MX missing, SPF mismatch with what was found; the ' +
      'domain verified and sendable',
    async () => {
      const name = uniqueDomain();
      const created = await api.post('/api/v1/domains', { name: name.toUpperCase() });
      expect(created.status).toBe(201);
      const domain = created.body.data;
      expect(domain).toMatchObject({
        name,
        status: 'pending',
        region: 'us-east-1',
        inbound: false,
        last_checked_at: null,
      });
      expect(domain.account_id).toBeUndefined();
      const records: Record[] = domain.records;
      const dkim = byKind(records, 'DKIM');
      expect(dkim).toHaveLength(3);
      for (const r of dkim) {
        const token = r.name.split('.')[0];
        expect(r).toEqual({
          record: 'DKIM',
          type: 'CNAME',
          name: `${token}._domainkey.${name}`,
          value: `${token}.dkim.amazonses.com`,
          status: 'pending',
        });
      }
      expect(byKind(records, 'MAIL_FROM_MX')).toEqual([
        {
          record: 'MAIL_FROM_MX',
          type: 'MX',
          name: `mail.${name}`,
          value: 'feedback-smtp.us-east-1.amazonses.com',
          priority: 10,
          status: 'pending',
        },
      ]);
      expect(byKind(records, 'MAIL_FROM_SPF')).toEqual([
        {
          record: 'MAIL_FROM_SPF',
          type: 'TXT',
          name: `mail.${name}`,
          value: 'v=spf1 include:amazonses.com ~all',
          status: 'pending',
        },
      ]);
      expect(byKind(records, 'DMARC')).toEqual([
        { record: 'DMARC', type: 'TXT', name: `_dmarc.${name}`, value: 'v=DMARC1; p=none;', status: 'pending' },
      ]);

      // Not yet sendable: the account has a domain now, and it is not verified.
      const early = await api.post('/api/v1/mail/send', {
        to: uniqueAddress(),
        subject: 's',
        text: 't',
        from_email: `hello@${name}`,
      });
      expect(early.status).toBe(422);
      expect(early.body.error.code).toBe('FROM_NOT_ALLOWED');
      expect(early.body.error.message).toContain(name);
      expect(early.body.error.message).toContain('pending');
      expect(early.body.error.message).toContain('DKIM');

      publishDkim(records);
      dns.publish(`mail.${name}`, { type: 'TXT', value: 'v=spf1 include:_spf.google.com ~all' });
      const verified = await api.post(`/api/v1/domains/${domain.id}/verify`);
      expect(verified.status).toBe(200);
      const checked: Record[] = verified.body.data.records;
      expect(byKind(checked, 'DKIM').map((r) => r.status)).toEqual(['verified', 'verified', 'verified']);
      expect(byKind(checked, 'MAIL_FROM_MX')[0].status).toBe('missing');
      expect(byKind(checked, 'MAIL_FROM_SPF')[0]).toMatchObject({
        status: 'mismatch',
        found: 'v=spf1 include:_spf.google.com ~all',
      });
      expect(byKind(checked, 'DMARC')[0].status).toBe('missing');
      expect(verified.body.data.status).toBe('verified');
      expect(verified.body.data.last_checked_at).toEqual(expect.any(String));
      expect((await api.get(`/api/v1/domains/${domain.id}`)).body.data).toEqual(verified.body.data);

      const to = uniqueAddress();
      const sent = await api.post('/api/v1/mail/send', {
        to,
        subject: 'From our domain',
        text: 't',
        from_email: `hello@${name}`,
      });
      expect(sent.status).toBe(200);
      expect((await mailTo(to))[0].from).toBe(`"Shop" <hello@${name}>`);

      // Another domain of the account, never verified; and the provider's own domain, not a sending domain.
      const unverified = uniqueDomain('later');
      expect((await api.post('/api/v1/domains', { name: unverified })).status).toBe(201);
      for (const from of [`hello@${unverified}`, 'noreply@shop.example']) {
        const refused = await api.post('/api/v1/mail/send', { to, subject: 's', text: 't', from_email: from });
        expect(refused.status).toBe(422);
        expect(refused.body.error.code).toBe('FROM_NOT_ALLOWED');
        expect(refused.body.error.message).toContain(from.split('@')[1]);
      }
      expect(await mailTo(to)).toHaveLength(1);
    },
  );
});

describe('a first domain and the default sender', () => {
  it('warns when the default provider sends from none of the domains, and stops once it does', async () => {
    const home = uniqueDomain('home');
    const fresh = client(service, (await newAccount('First domain')).apiKey);
    const provider = {
      type: 'ses',
      name: 'SES',
      from_email: `noreply@${home}`,
      from_name: 'Home',
    };
    expect((await fresh.post('/api/v1/providers', provider)).status).toBe(201);

    const elsewhere = await fresh.post('/api/v1/domains', { name: uniqueDomain('elsewhere') });
    expect(elsewhere.status).toBe(201);
    expect(elsewhere.body.data.warnings).toEqual([
      { code: 'DEFAULT_SENDER_OUTSIDE_DOMAINS', message: expect.stringContaining(`noreply@${home}`) },
    ]);
    expect(elsewhere.body.data.warnings[0].message).toContain('PUT /api/v1/providers/');

    const own = await fresh.post('/api/v1/domains', { name: home });
    expect(own.status).toBe(201);
    expect(own.body.data.warnings).toEqual([]);
  });

  it('says nothing to an account with no provider yet', async () => {
    const bare = client(service, (await newAccount('No provider')).apiKey);
    const created = await bare.post('/api/v1/domains', { name: uniqueDomain('bare') });
    expect(created.status).toBe(201);
    expect(created.body.data.warnings).toEqual([]);
  });
});

describe('the sending rule on every path', () => {
  let account: Client;
  let name: string;
  beforeAll(async () => {
    account = client(service, (await newAccount('Every path')).apiKey);
    await account.post('/api/v1/providers', { type: 'ses', name: 'SES', from_email: 'noreply@shop.example' });
    name = uniqueDomain('paths');
    const created = await account.post('/api/v1/domains', { name });
    publishDkim(created.body.data.records);
    expect((await account.post(`/api/v1/domains/${created.body.data.id}/verify`)).body.data.status).toBe('verified');
  });

  it('batch: an item from a verified domain is queued, one from elsewhere fails alone', async () => {
    const answer = await account.post('/api/v1/mail/send-batch', {
      messages: [
        { to: uniqueAddress(), subject: 's', text: 't', from_email: `a@${name}` },
        { to: uniqueAddress(), subject: 's', text: 't', from_email: 'a@elsewhere.example' },
      ],
    });
    expect(answer.status).toBe(200);
    const [ok, refused] = answer.body.data.messages ?? answer.body.data.results;
    expect(ok.status).toBe('queued');
    expect(refused).toMatchObject({ status: 'failed', error: { code: 'FROM_NOT_ALLOWED' } });
  });

  it('batch: a batch-level sender outside the verified domains refuses the batch', async () => {
    const answer = await account.post('/api/v1/mail/send-batch', {
      from_email: 'x@shop.example',
      messages: [{ to: uniqueAddress(), subject: 's', text: 't' }],
    });
    expect(answer.status).toBe(422);
    expect(answer.body.error.code).toBe('FROM_NOT_ALLOWED');
  });

  it("OTP: the provider's own address is not at a verified domain: 422", async () => {
    const answer = await account.post('/api/v1/otp/send', { email: uniqueAddress() });
    expect(answer.status).toBe(422);
    expect(answer.body.error.code).toBe('FROM_NOT_ALLOWED');
    expect(answer.body.error.message).toContain('shop.example');
  });

  it('campaigns: a campaign from outside the verified domains cannot be sent', async () => {
    const list = await account.post('/api/v1/lists', { name: 'L' });
    const campaign = await account.post('/api/v1/campaigns', {
      name: 'C',
      subject: 'S',
      text: 'T',
      list_id: list.body.data.id,
      from_email: 'x@shop.example',
    });
    const answer = await account.post(`/api/v1/campaigns/${campaign.body.data.id}/send`);
    expect(answer.status).toBe(422);
    expect(answer.body.error.code).toBe('FROM_NOT_ALLOWED');
  });
});

describe('names', () => {
  it.each([
    ['an IP literal', '192.0.2.1'],
    ['an IPv6 literal', '[2001:db8::1]'],
    ['localhost', 'localhost'],
    ['a name under localhost', 'app.localhost'],
    ['no dot', 'example'],
    ['300 characters', `${`${'a'.repeat(60)}.`.repeat(5).slice(0, 296)}.com`],
    ['a 64-character label', `${'a'.repeat(64)}.example`],
    ['empty', ''],
    ['spaces', 'my domain.example'],
    ['an underscore', 'my_domain.example'],
  ])('%s: 400 on name', async (_what, name) => {
    const answer = await api.post('/api/v1/domains', { name });
    expect(answer.status).toBe(400);
    expect(answer.body.error.code).toBe('VALIDATION_ERROR');
    expect(answer.body.error.details[0].field).toBe('name');
  });

  it('an IDN is stored as punycode; a 63-character label and 209 characters (DKIM record name 253) pass', async () => {
    const idn = `bücher-${Math.random().toString(36).slice(2, 8)}.example`;
    const created = await api.post('/api/v1/domains', { name: idn });
    expect(created.status).toBe(201);
    expect(created.body.data.name).toMatch(/^xn--bcher-.*\.example$/);
    const label = 'b'.repeat(63);
    const long = `${label}.${label}.${label}.${'c'.repeat(53 - 8)}.example`.slice(-209);
    const longest = await api.post('/api/v1/domains', { name: long.replace(/^\.+/, '') });
    expect(longest.status).toBe(201);
  });

  it('the same name twice in an account, or one another account holds: 409', async () => {
    const name = uniqueDomain('twice');
    expect((await api.post('/api/v1/domains', { name })).status).toBe(201);
    const again = await api.post('/api/v1/domains', { name: name.toUpperCase() });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('CONFLICT');
    expect((await other.post('/api/v1/domains', { name })).status).toBe(409);
  });

  it('two registrations of one name at once: exactly one wins', async () => {
    const name = uniqueDomain('race');
    const answers = await Promise.all([api.post('/api/v1/domains', { name }), other.post('/api/v1/domains', { name })]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
  });
});

describe('an account sees its own domains only', () => {
  it("another account's domain: 404 on every route", async () => {
    const { id } = (await api.post('/api/v1/domains', { name: uniqueDomain('mine') })).body.data;
    for (const answer of [
      await other.get(`/api/v1/domains/${id}`),
      await other.put(`/api/v1/domains/${id}`, { inbound: true }),
      await other.post(`/api/v1/domains/${id}/verify`),
      await other.delete(`/api/v1/domains/${id}`),
    ]) {
      expect(answer.status).toBe(404);
      expect(answer.body.error.code).toBe('NOT_FOUND');
    }
    expect((await api.get(`/api/v1/domains/${id}`)).status).toBe(200);
  });

  it('lists page by cursor, every domain once', async () => {
    const account = client(service, (await newAccount('Lister')).apiKey);
    const names = await Promise.all(
      [1, 2, 3].map(async () => (await account.post('/api/v1/domains', { name: uniqueDomain('list') })).body.data.name),
    );
    const first = await account.get('/api/v1/domains?limit=2');
    expect(first.status).toBe(200);
    expect(first.body.data.domains).toHaveLength(2);
    expect(first.body.data.next_cursor).toEqual(expect.any(String));
    const second = await account.get(`/api/v1/domains?limit=2&cursor=${first.body.data.next_cursor}`);
    expect(second.body.data.domains).toHaveLength(1);
    expect(second.body.data.next_cursor).toBeNull();
    expect(
      [...first.body.data.domains, ...second.body.data.domains].map((d: { name: string }) => d.name).sort(),
    ).toEqual(names.sort());
    expect((await account.get('/api/v1/domains?cursor=bm90LW91cnM')).status).toBe(400);
    expect((await account.get('/api/v1/domains?limit=0')).status).toBe(400);
  });
});

describe('PUT and DELETE', () => {
  it('PUT stores inbound; an empty change is 400', async () => {
    const { id } = (await api.post('/api/v1/domains', { name: uniqueDomain('inbound') })).body.data;
    const put = await api.put(`/api/v1/domains/${id}`, { inbound: true });
    expect(put.status).toBe(200);
    expect(put.body.data.inbound).toBe(true);
    expect((await api.get(`/api/v1/domains/${id}`)).body.data.inbound).toBe(true);
    expect((await api.put(`/api/v1/domains/${id}`, {})).status).toBe(400);
    expect((await api.put(`/api/v1/domains/${id}`, { inbound: 'yes' })).status).toBe(400);
  });

  it('DELETE removes the domain and its SES identity; the name is free again', async () => {
    const name = uniqueDomain('gone');
    const { id } = (await api.post('/api/v1/domains', { name })).body.data;
    expect((await fetch(`${ses.endpoint}/v2/email/identities/${name}`)).status).toBe(200);
    const deleted = await api.delete(`/api/v1/domains/${id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ success: true, message: expect.any(String) });
    expect((await api.get(`/api/v1/domains/${id}`)).status).toBe(404);
    expect((await fetch(`${ses.endpoint}/v2/email/identities/${name}`)).status).toBe(404);
    expect((await other.post('/api/v1/domains', { name })).status).toBe(201);
  });
});

describe('what a check explains', () => {
  it('a CNAME pointing elsewhere, two v=spf1, a DMARC without v=DMARC1: mismatch, what was found, why', async () => {
    const name = uniqueDomain('wrong');
    const { id, records } = (await api.post('/api/v1/domains', { name })).body.data;
    const [first] = byKind(records, 'DKIM');
    dns.publish(first.name, { type: 'CNAME', value: 'somewhere.else.example' });
    dns.publish(`mail.${name}`, { type: 'TXT', value: 'v=spf1 include:amazonses.com ~all' });
    dns.publish(`mail.${name}`, { type: 'TXT', value: 'v=spf1 mx -all' });
    dns.publish(`mail.${name}`, { type: 'MX', exchange: 'feedback-smtp.us-east-1.amazonses.com', priority: 10 });
    dns.publish(`_dmarc.${name}`, { type: 'TXT', value: 'p=reject' });
    const checked: Record[] = (await api.post(`/api/v1/domains/${id}/verify`)).body.data.records;
    const dkim = checked.find((r) => r.name === first.name)!;
    expect(dkim).toMatchObject({ status: 'mismatch', found: 'somewhere.else.example' });
    expect(dkim.reason).toContain('somewhere.else.example');
    expect(byKind(checked, 'MAIL_FROM_MX')[0].status).toBe('verified');
    const spf = byKind(checked, 'MAIL_FROM_SPF')[0];
    expect(spf.status).toBe('mismatch');
    expect(spf.found).toContain('v=spf1 mx -all');
    expect(spf.reason).toContain('several v=spf1');
    expect(byKind(checked, 'DMARC')[0]).toMatchObject({ status: 'mismatch', found: 'p=reject' });
    expect(byKind(checked, 'DMARC')[0].reason).toContain('v=DMARC1');
  });

  it('a verified domain that loses its DKIM records shows them missing at the next check', async () => {
    const name = uniqueDomain('lost');
    const { id, records } = (await api.post('/api/v1/domains', { name })).body.data;
    publishDkim(records);
    dns.publish(`_dmarc.${name}`, { type: 'TXT', value: 'v=DMARC1; p=quarantine' });
    const before = (await api.post(`/api/v1/domains/${id}/verify`)).body.data;
    expect(before.status).toBe('verified');
    expect(byKind(before.records, 'DMARC')[0].status).toBe('verified');
    for (const r of byKind(records, 'DKIM')) dns.remove(r.name);
    const after = (await api.post(`/api/v1/domains/${id}/verify`)).body.data;
    expect(byKind(after.records, 'DKIM').map((r: Record) => r.status)).toEqual(['missing', 'missing', 'missing']);
  });
});

describe('the schedule', () => {
  it(
    'checks pending and verified domains: one whose DKIM appears turns verified, one whose DKIM vanished shows it ' +
      'missing',
    async () => {
      const { handler } = await import('../../functions/handlers/domain-checker');
      const fresh = (await api.post('/api/v1/domains', { name: uniqueDomain('scheduled') })).body.data;
      const lost = (await api.post('/api/v1/domains', { name: uniqueDomain('vanished') })).body.data;
      publishDkim(fresh.records);
      publishDkim(lost.records);
      expect((await api.post(`/api/v1/domains/${lost.id}/verify`)).body.data.status).toBe('verified');
      for (const r of byKind(lost.records, 'DKIM')) dns.remove(r.name);

      await handler();
      const now = (await api.get(`/api/v1/domains/${fresh.id}`)).body.data;
      expect(now.status).toBe('verified');
      expect(now.last_checked_at).toEqual(expect.any(String));
      const after = (await api.get(`/api/v1/domains/${lost.id}`)).body.data;
      expect(byKind(after.records, 'DKIM').map((r: Record) => r.status)).toEqual(['missing', 'missing', 'missing']);
    },
  );

  it('a domain still pending 72 hours after its creation is failed, and no longer checked', async () => {
    const { domainDeps } = await import('../../functions/adapters/wiring');
    const { checkDomains } = await import('../../functions/domain/domains/domains');
    const stale = (await api.post('/api/v1/domains', { name: uniqueDomain('stale') })).body.data;
    const later = (hours: number) => ({
      ...domainDeps(),
      clock: { now: () => new Date(Date.parse(stale.created_at) + hours * 3_600_000) },
    });
    await checkDomains(later(71));
    expect((await api.get(`/api/v1/domains/${stale.id}`)).body.data.status).toBe('pending');
    await checkDomains(later(73));
    const failed = (await api.get(`/api/v1/domains/${stale.id}`)).body.data;
    expect(failed.status).toBe('failed');
    // Its records published now change nothing: the schedule has given up on it, as SES has.
    publishDkim(stale.records);
    await checkDomains(later(74));
    expect((await api.get(`/api/v1/domains/${stale.id}`)).body.data.last_checked_at).toBe(failed.last_checked_at);
  });
});

describe('admin verify-domain --local', () => {
  // What `npm start` writes for the CLI goes here: this worker's table and this file's SES peer.
  const dir = scratchDir('admin-local-');
  it('marks a domain verified without DNS, against the running local stack', async () => {
    const { execFile } = await import('node:child_process');
    const { writeFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const name = uniqueDomain('cli');
    const { id } = (await api.post('/api/v1/domains', { name })).body.data;
    const runtime = Object.fromEntries(
      [
        'AWS_REGION',
        'AWS_ACCESS_KEY_ID',
        'AWS_SECRET_ACCESS_KEY',
        'AWS_ENDPOINT_URL_DYNAMODB',
        'AWS_ENDPOINT_URL_SESV2',
        'TABLE_NAME',
        'DNS_SERVERS',
      ].map((n) => [n, process.env[n]]),
    );
    writeFileSync(join(dir, 'runtime.json'), JSON.stringify(runtime));
    const run = (args: string[]) =>
      new Promise<{ code: number; stdout: string; stderr: string }>((resolve) =>
        execFile(
          process.execPath,
          ['--import', 'tsx', 'scripts/admin.ts', ...args],
          { env: { PATH: process.env.PATH, LOCAL_DATA_DIR: dir } },
          (error, stdout, stderr) =>
            resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
        ),
      );
    const done = await run(['verify-domain', '--name', name.toUpperCase(), '--local']);
    expect(done.stderr).toBe('');
    expect(JSON.parse(done.stdout)).toEqual({ id, name, status: 'verified' });
    expect((await api.get(`/api/v1/domains/${id}`)).body.data.status).toBe('verified');
    const unknown = await run(['verify-domain', '--name', 'nobody-here.example', '--local']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('no sending domain');
    expect((await run(['verify-domain', '--name', name])).code).toBe(2);
  });
});
