import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drainOnce } from '../support/drain';
import { mailTo } from '../support/mailbox';
import { client, newAccount, startService, uniqueAddress, type Client, type TestService } from '../support/service';

/**
 * docs/promises.md FROM_NOT_ALLOWED: a send's from_email must be in the provider's domain (that of its
 * from_email) or one of its allowed_from_domains; subdomains only when listed; case does not matter.
 */
let service: TestService;
let api: Client;
let providerId: string;
beforeAll(async () => {
  service = await startService();
  api = client(service, (await newAccount('Sender identity')).apiKey);
  const provider = await api.post('/api/v1/providers', {
    type: 'ses',
    name: 'SES',
    from_email: 'noreply@shop.example',
    from_name: 'Shop',
  });
  providerId = provider.body.data.id;
});
afterAll(() => service.close());

const send = (from_email: string, to = uniqueAddress()) =>
  api.post('/api/v1/mail/send', { to, subject: 'From whom', text: 'x', from_email });

describe('POST /mail/send', () => {
  it.each([
    ['another domain', 'ceo@bank.example'],
    ['a subdomain of the provider domain', 'news@mail.shop.example'],
    ['a domain that starts like it', 'ceo@shop.example.evil.test'],
    ['a domain that only ends like it', 'x@myshop.example'],
  ])('a from_email on %s: 422 FROM_NOT_ALLOWED, nothing sent', async (_name, from) => {
    const to = uniqueAddress();
    const answer = await send(from, to);
    expect(answer.status).toBe(422);
    expect(answer.body).toEqual({ success: false, error: { code: 'FROM_NOT_ALLOWED', message: expect.any(String) } });
    expect(await mailTo(to)).toEqual([]);
  });

  it('a from_email in the provider domain, in any case: sent from it', async () => {
    const to = uniqueAddress();
    const answer = await send('Billing@SHOP.Example', to);
    expect(answer.status).toBe(200);
    expect((await mailTo(to))[0].from).toBe('"Shop" <Billing@SHOP.Example>');
  });
});

describe('allowed_from_domains', () => {
  it('are shown on the provider, lower-cased, and widen what a send may use, exactly', async () => {
    const own = client(service, (await newAccount('Brands')).apiKey);
    const created = await own.post('/api/v1/providers', {
      type: 'ses',
      name: 'SES',
      from_email: 'a@shop.example',
      allowed_from_domains: ['Brand.example', 'mail.other.example'],
    });
    expect(created.status).toBe(201);
    expect(created.body.data.allowed_from_domains).toEqual(['brand.example', 'mail.other.example']);
    const sendAs = (from_email: string) =>
      own.post('/api/v1/mail/send', { to: uniqueAddress(), subject: 's', text: 't', from_email });
    expect((await sendAs('hi@brand.example')).status).toBe(200);
    expect((await sendAs('hi@MAIL.other.example')).status).toBe(200);
    expect((await sendAs('hi@shop.example')).status).toBe(200);
    expect((await sendAs('hi@other.example')).body.error.code).toBe('FROM_NOT_ALLOWED');
    expect((await sendAs('hi@x.brand.example')).body.error.code).toBe('FROM_NOT_ALLOWED');

    const updated = await own.put(`/api/v1/providers/${created.body.data.id}`, { allowed_from_domains: [] });
    expect(updated.body.data.allowed_from_domains).toEqual([]);
    expect((await sendAs('hi@brand.example')).body.error.code).toBe('FROM_NOT_ALLOWED');
  });

  it('default to none', async () => {
    expect((await api.get(`/api/v1/providers/${providerId}`)).body.data.allowed_from_domains).toEqual([]);
  });

  it.each([
    ['an address instead of a domain', ['a@brand.example']],
    ['a domain without a dot', ['localhost']],
    ['an empty string', ['']],
    ['a wildcard', ['*.brand.example']],
    ['more than 20 domains', Array.from({ length: 21 }, (_, i) => `d${i}.example`)],
  ])('refuse %s: 400 on allowed_from_domains', async (_name, domains) => {
    const answer = await api.post('/api/v1/providers', {
      type: 'ses',
      name: 'SES',
      from_email: 'a@shop.example',
      allowed_from_domains: domains,
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error.details.map((d: { field: string }) => d.field.split('.')[0])).toContain(
      'allowed_from_domains',
    );
    const update = await api.put(`/api/v1/providers/${providerId}`, { allowed_from_domains: domains });
    expect(update.status).toBe(400);
  });
});

describe('POST /mail/send-batch', () => {
  it('a batch-level from_email outside the domain: 422 FROM_NOT_ALLOWED for the batch, nothing queued', async () => {
    const to = uniqueAddress();
    const answer = await api.post('/api/v1/mail/send-batch', {
      from_email: 'ceo@bank.example',
      messages: [{ to, subject: 's', text: 't' }],
    });
    expect([answer.status, answer.body.error.code]).toEqual([422, 'FROM_NOT_ALLOWED']);
    await drainOnce();
    expect(await mailTo(to)).toEqual([]);
  });

  it('an item whose own from_email is outside the domain fails alone with FROM_NOT_ALLOWED', async () => {
    const [bad, good, inherits] = [uniqueAddress('bad'), uniqueAddress('good'), uniqueAddress('inherits')];
    const answer = await api.post('/api/v1/mail/send-batch', {
      from_email: 'batch@shop.example',
      messages: [
        { to: bad, subject: 's', text: 't', from_email: 'ceo@bank.example' },
        { to: good, subject: 's', text: 't', from_email: 'Support@Shop.Example' },
        { to: inherits, subject: 's', text: 't' },
      ],
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ total: 3, queued: 2, failed: 1 });
    expect(answer.body.data.messages[0]).toEqual({
      to: bad,
      status: 'failed',
      error: { code: 'FROM_NOT_ALLOWED', message: expect.any(String) },
    });
    await drainOnce();
    expect(await mailTo(bad)).toEqual([]);
    expect((await mailTo(good))[0].from).toBe('"Shop" <Support@Shop.Example>');
    expect((await mailTo(inherits))[0].from).toBe('"Shop" <batch@shop.example>');
  });
});
