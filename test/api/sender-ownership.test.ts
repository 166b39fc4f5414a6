import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dynamoMessageStore } from '../../functions/adapters/dynamo/message-store';
import { sqsSendQueue } from '../../functions/adapters/sqs-send-queue';
import { releaseScheduled } from '../../functions/domain/queue/release-scheduled';
import { startDnsServer } from '../support/dns-server';
import { deadLetters, drainOnce } from '../support/drain';
import { runJobsAndDrain } from '../support/jobs';
import { mailTo } from '../support/mailbox';
import { client, newAccount, startService, uniqueAddress, type Client, type TestService } from '../support/service';
import { startSmtpSink } from '../support/smtp-sink';

/**
 * docs/promises.md, "Send as anyone": a sender is an account's own. Account B registers a domain; account
 * C, whose provider names an address of it (from_email, allowed_from_domains), never sends as B, on any
 * path, whatever the claim's status. The tests' SES providers may send from `*.example` without a domain
 * of their own (SENDER_DOMAINS_ALLOWED, test/support/worker-environment.ts): the victims' domains are
 * under it, so that only the claim can refuse them; names under `.test` are outside it.
 */
let service: TestService;
let dns: Awaited<ReturnType<typeof startDnsServer>>;
let owner: Client;
let smtpSink: Awaited<ReturnType<typeof startSmtpSink>>;
const sesEndpoint = () => process.env.AWS_ENDPOINT_URL_SESV2!;

beforeAll(async () => {
  dns = await startDnsServer();
  process.env.DNS_SERVERS = dns.address;
  service = await startService();
  // Campaign mail needs it for its unsubscribe links.
  process.env.PUBLIC_BASE_URL = service.baseUrl;
  owner = client(service, (await newAccount('Victim B')).apiKey);
  smtpSink = await startSmtpSink();
});
afterAll(async () => {
  await service.close();
  await smtpSink.close();
  dns.close();
});

const uniqueDomain = (label: string, tld = 'example') => `${label}-${Math.random().toString(36).slice(2, 10)}.${tld}`;
const statusOf = async (api: Client, messageId: string) =>
  (await api.get(`/api/v1/mail/status/${encodeURIComponent(messageId)}`)).body.data.message;

/** Registers `name` in the account; verified through the SES peer's local switch, then a check. */
const register = async (api: Client, name: string, { verify = true } = {}) => {
  const created = await api.post('/api/v1/domains', { name });
  expect(created.status).toBe(201);
  if (verify) {
    expect((await fetch(`${sesEndpoint()}/_local/identities/${name}/verify`, { method: 'POST' })).status).toBe(200);
    expect((await api.post(`/api/v1/domains/${created.body.data.id}/verify`)).body.data.status).toBe('verified');
  }
  return created.body.data as { id: string; name: string };
};

/** An account with no domains and a default provider of the given shape. */
const attacker = async (provider: Record<string, unknown>) => {
  const api = client(service, (await newAccount('Attacker C')).apiKey);
  const created = await api.post('/api/v1/providers', { name: 'P', is_default: true, ...provider });
  expect(created.status).toBe(201);
  return api;
};
const smtp = () => ({ type: 'smtp', host: '127.0.0.1', port: smtpSink.port, secure: false });

const refused = (answer: { status: number; body: any }) => {
  expect(answer.status).toBe(422);
  expect(answer.body.error.code).toBe('FROM_NOT_ALLOWED');
  expect(answer.body.error.message).toContain('another account');
};

/**
 * The attacker's provider, made while nobody held the victim's name (once it is held, a provider naming
 * it is refused outright: below), then the victim registers it.
 */
const scene = async (provider: (victim: string) => Record<string, unknown>, { verify = true } = {}) => {
  const victim = uniqueDomain('victim');
  const api = await attacker(provider(victim));
  await register(owner, victim, { verify });
  return { api, victim };
};

describe("another account's domain, on every send path", () => {
  it.each([
    ['its from_email, SES', (d: string) => ({ type: 'ses', from_email: `ceo@${d}` }), undefined],
    [
      'its from_email, sending in another case, SES',
      (d: string) => ({ type: 'ses', from_email: `ceo@${d}` }),
      (d: string) => `CEO@${d.toUpperCase()}`,
    ],
    ['a subdomain of it, SMTP', (d: string) => ({ ...smtp(), from_email: `ceo@mail.${d}` }), undefined],
    [
      'allowed_from_domains naming it, SMTP',
      (d: string) => ({ ...smtp(), from_email: 'c@own-c.example', allowed_from_domains: [d] }),
      (d: string) => `ceo@${d}`,
    ],
  ])('a provider with %s: /mail/send 422 FROM_NOT_ALLOWED, nothing sent', async (_name, provider, from) => {
    const { api, victim } = await scene(provider);
    const to = uniqueAddress();
    const before = smtpSink.received.length;
    refused(
      await api.post('/api/v1/mail/send', {
        to,
        subject: 'Wire the money',
        text: 't',
        ...(from ? { from_email: from(victim) } : {}),
      }),
    );
    expect(await mailTo(to)).toEqual([]);
    expect(smtpSink.received.length).toBe(before);
  });

  it('Resend path: /resend/emails and /resend/emails/batch refuse it', async () => {
    const { api, victim } = await scene((d) => ({
      type: 'ses',
      from_email: `ceo@${d}`,
      allowed_from_domains: [`sub.${d}`],
    }));
    const one = await api.post('/resend/emails', {
      from: `B CEO <ceo@${victim}>`,
      to: uniqueAddress(),
      subject: 's',
      text: 't',
    });
    // Resend's own answer to a sender it does not allow (functions/http/resend-errors.ts).
    expect(one.status).toBe(403);
    expect(JSON.stringify(one.body)).toContain('another account');
    const batch = await api.post('/resend/emails/batch', [
      { from: `ceo@sub.${victim}`, to: uniqueAddress(), subject: 's', text: 't' },
    ]);
    // The batch answers which items it queued and which the send refused (resend-emails-batch.ts).
    expect(batch.status).toBe(200);
    expect(batch.body.data).toEqual([]);
    expect(batch.body.errors).toEqual([{ index: 0, message: expect.stringContaining('another account') }]);
  });

  it('batch: an item from it fails alone, the others queue; a batch-level sender at it refuses the batch', async () => {
    const { api, victim } = await scene((d) => ({
      ...smtp(),
      from_email: 'c@own-c.example',
      allowed_from_domains: [d],
    }));
    const answer = await api.post('/api/v1/mail/send-batch', {
      messages: [
        { to: uniqueAddress(), subject: 's', text: 't' },
        { to: uniqueAddress(), subject: 's', text: 't', from_email: `ceo@${victim}` },
      ],
    });
    expect(answer.status).toBe(200);
    const [ok, no] = answer.body.data.messages;
    expect(ok.status).toBe('queued');
    expect(no).toMatchObject({ status: 'failed', error: { code: 'FROM_NOT_ALLOWED' } });
    refused(
      await api.post('/api/v1/mail/send-batch', {
        from_email: `x@${victim}`,
        messages: [{ to: uniqueAddress(), subject: 's', text: 't' }],
      }),
    );
  });

  it("OTP and campaigns: the provider's own address at it is refused", async () => {
    const { api } = await scene((d) => ({ type: 'ses', from_email: `codes@${d}` }));
    refused(await api.post('/api/v1/otp/send', { email: uniqueAddress() }));
    const list = await api.post('/api/v1/lists', { name: 'L' });
    const campaign = await api.post('/api/v1/campaigns', {
      name: 'C',
      subject: 'S',
      text: 'T',
      list_id: list.body.data.id,
    });
    refused(await api.post(`/api/v1/campaigns/${campaign.body.data.id}/send`));
  });

  it('a claim still pending counts as much as a verified one', async () => {
    const { api } = await scene((d) => ({ type: 'ses', from_email: `ceo@${d}` }), { verify: false });
    refused(await api.post('/api/v1/mail/send', { to: uniqueAddress(), subject: 's', text: 't' }));
  });

  it('a provider naming it, or a subdomain of it, once it is held: 422 on create and on update', async () => {
    const victim = uniqueDomain('held');
    await register(owner, victim, { verify: false });
    const api = client(service, (await newAccount('Late attacker')).apiKey);
    for (const provider of [
      { from_email: `ceo@${victim}` },
      { from_email: 'c@own-c.example', allowed_from_domains: [`news.${victim}`] },
    ]) {
      refused(await api.post('/api/v1/providers', { type: 'ses', name: 'P', ...provider }));
    }
    const own = await api.post('/api/v1/providers', { type: 'ses', name: 'P', from_email: 'c@own-c.example' });
    refused(await api.put(`/api/v1/providers/${own.body.data.id}`, { allowed_from_domains: [victim.toUpperCase()] }));
    expect((await api.get(`/api/v1/providers/${own.body.data.id}`)).body.data.allowed_from_domains).toEqual([]);
  });

  it('its owner still sends from it, and a parent of it stays free to others', async () => {
    const victim = uniqueDomain('victim');
    await register(owner, victim);
    expect(
      (
        await owner.post('/api/v1/providers', {
          type: 'ses',
          name: 'SES',
          from_email: `ceo@${victim}`,
          from_name: 'B CEO',
          is_default: true,
        })
      ).status,
    ).toBe(201);
    const to = uniqueAddress();
    expect((await owner.post('/api/v1/mail/send', { to, subject: 's', text: 't' })).status).toBe(200);
    expect((await mailTo(to))[0].from).toBe(`"B CEO" <ceo@${victim}>`);
    const parent = uniqueDomain('parent');
    await register(owner, `mail.${parent}`, { verify: false });
    const api = await attacker({ type: 'ses', from_email: `c@${parent}` });
    expect((await api.post('/api/v1/mail/send', { to: uniqueAddress(), subject: 's', text: 't' })).status).toBe(200);
  });
});

describe('as the mail leaves the drainer', () => {
  it('queued mail whose sender another account registered meanwhile ends failed, with the reason', async () => {
    const name = uniqueDomain('later');
    const api = await attacker({ type: 'ses', from_email: `c@${name}` });
    const to = uniqueAddress();
    const queued = await api.post('/api/v1/mail/send-batch', { messages: [{ to, subject: 's', text: 't' }] });
    expect(queued.body.data.messages[0].status).toBe('queued');
    await register(owner, name, { verify: false });
    await drainOnce();
    const message = await statusOf(api, queued.body.data.messages[0].message_id);
    expect(message).toMatchObject({ status: 'failed', error_message: expect.stringContaining('no longer allowed') });
    expect(message.error_message).toContain('another account');
    expect(await mailTo(to)).toEqual([]);
    expect((await deadLetters()).map((d) => d.message_id)).toContain(queued.body.data.messages[0].message_id);
  });

  it("scheduled mail from a verified domain deleted before its time ends failed; a kept domain's is sent", async () => {
    const account = client(service, (await newAccount('Scheduler')).apiKey);
    const [gone, kept] = [uniqueDomain('gone', 'test'), uniqueDomain('kept', 'test')];
    const goneDomain = await register(account, gone);
    await register(account, kept);
    await account.post('/api/v1/providers', {
      type: 'ses',
      name: 'SES',
      from_email: `news@${kept}`,
      allowed_from_domains: [gone],
      is_default: true,
    });
    const at = new Date(Date.now() + 3_600_000).toISOString();
    const [toGone, toKept] = [uniqueAddress(), uniqueAddress()];
    const fromGone = await account.post('/api/v1/mail/send', {
      to: toGone,
      subject: 's',
      text: 't',
      from_email: `news@${gone}`,
      scheduled_at: at,
    });
    const fromKept = await account.post('/api/v1/mail/send', { to: toKept, subject: 's', text: 't', scheduled_at: at });
    expect([fromGone.status, fromKept.status]).toEqual([202, 202]);
    expect((await account.delete(`/api/v1/domains/${goneDomain.id}`)).status).toBe(200);
    const queue = sqsSendQueue(process.env.QUEUE_URL!, process.env.DLQ_URL!);
    await releaseScheduled({
      messages: dynamoMessageStore(),
      queue,
      clock: { now: () => new Date(Date.now() + 3_700_000) },
    });
    await drainOnce();
    expect(await statusOf(account, fromGone.body.data.message_id)).toMatchObject({
      status: 'failed',
      error_message: expect.stringContaining('no longer allowed'),
    });
    expect(await mailTo(toGone)).toEqual([]);
    expect(await statusOf(account, fromKept.body.data.message_id)).toMatchObject({ status: 'sent' });
  });

  it('campaign mail queued from a domain another account registers before the mail leaves ends failed', async () => {
    const name = uniqueDomain('fanout');
    const api = await attacker({ ...smtp(), from_email: `c@${name}` });
    const list = await api.post('/api/v1/lists', { name: 'L' });
    const to = uniqueAddress();
    expect((await api.post('/api/v1/subscribers', { email: to, list_id: list.body.data.id })).status).toBe(201);
    const campaign = await api.post('/api/v1/campaigns', {
      name: 'C',
      subject: 'S',
      text: 'T',
      list_id: list.body.data.id,
    });
    expect((await api.post(`/api/v1/campaigns/${campaign.body.data.id}/send`)).status).toBeLessThan(300);
    await register(owner, name, { verify: false });
    const before = smtpSink.received.length;
    await runJobsAndDrain();
    expect(smtpSink.received.slice(before).filter((mail) => mail.to.includes(to))).toEqual([]);
    const log = await api.get('/api/v1/mail?limit=10');
    expect(log.body.data.messages.map((m: { status: string }) => m.status)).toEqual(['failed']);
  });
});

describe("the deployment's SES: an account's own verified domains, or the operator's", () => {
  it(
    'an SES provider without a domain of the account, outside SENDER_DOMAINS_ALLOWED: 422; allowed once the ' +
      'operator names it',
    async () => {
      const name = uniqueDomain('acme', 'test');
      const api = await attacker({ type: 'ses', from_email: `hello@${name}` });
      const send = () => api.post('/api/v1/mail/send', { to: uniqueAddress(), subject: 's', text: 't' });
      const answer = await send();
      expect(answer.status).toBe(422);
      expect(answer.body.error).toMatchObject({
        code: 'FROM_NOT_ALLOWED',
        message: expect.stringContaining('operator'),
      });
      const before = process.env.SENDER_DOMAINS_ALLOWED;
      process.env.SENDER_DOMAINS_ALLOWED = `${before},${name.split('.')[0]}.TEST.`;
      try {
        expect((await send()).status).toBe(200);
      } finally {
        process.env.SENDER_DOMAINS_ALLOWED = before;
      }
    },
  );

  it('an SMTP provider of its own sends from its domain without one', async () => {
    const api = await attacker({ ...smtp(), from_email: `hello@${uniqueDomain('own', 'test')}` });
    expect((await api.post('/api/v1/mail/send', { to: uniqueAddress(), subject: 's', text: 't' })).status).toBe(200);
  });
});
