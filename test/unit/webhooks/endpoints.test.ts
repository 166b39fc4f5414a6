import { beforeEach, describe, expect, it } from 'vitest';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  listWebhookEndpoints,
  MAX_WEBHOOK_ENDPOINTS,
  parseWebhookUrl,
  webhookAddressAllowed,
} from '../../../functions/domain/webhooks/endpoints';
import { ACCOUNT, memoryWorld, type MemoryWorld } from '../memory/world';

let world: MemoryWorld;
beforeEach(async () => {
  world = await memoryWorld();
});

const deps = (allowLoopbackWebhooks = false) => ({ ...world, allowLoopbackWebhooks });
const create = (url = 'https://hooks.example.com/in', account = ACCOUNT) =>
  createWebhookEndpoint(deps(), account, { url, events: ['email.sent'] });

describe('webhook endpoints per account', () => {
  it(`stores up to ${MAX_WEBHOOK_ENDPOINTS}, then refuses the next with CONFLICT`, async () => {
    for (let i = 0; i < MAX_WEBHOOK_ENDPOINTS; i++) await create(`https://hooks.example.com/${i}`);
    await expect(create()).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(await listWebhookEndpoints(world, ACCOUNT)).toHaveLength(MAX_WEBHOOK_ENDPOINTS);
  });

  it('makes room again when one is deleted', async () => {
    const made = [];
    for (let i = 0; i < MAX_WEBHOOK_ENDPOINTS; i++) made.push(await create(`https://hooks.example.com/${i}`));
    await deleteWebhookEndpoint(world, ACCOUNT, made[0].id);
    await expect(create()).resolves.toMatchObject({ url: 'https://hooks.example.com/in' });
  });

  it('counts each account on its own', async () => {
    for (let i = 0; i < MAX_WEBHOOK_ENDPOINTS; i++) await create(`https://hooks.example.com/${i}`);
    await expect(create('https://hooks.example.com/in', 'acct-other')).resolves.toBeDefined();
  });

  it('answers the secret at creation only, in the Standard Webhooks form', async () => {
    const created = await create();
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    expect(Buffer.from(created.secret.slice(6), 'base64')).toHaveLength(24);
    const [listed] = await listWebhookEndpoints(world, ACCOUNT);
    expect(listed).not.toHaveProperty('secret');
  });

  it('stores the event types once each', async () => {
    const created = await createWebhookEndpoint(deps(), ACCOUNT, {
      url: 'https://hooks.example.com/',
      events: ['email.sent', 'email.sent', 'email.bounced'],
    });
    expect(created.events).toEqual(['email.sent', 'email.bounced']);
  });

  it('lists newest first', async () => {
    const first = await create('https://hooks.example.com/1');
    world.clock.advance(1_000);
    const second = await create('https://hooks.example.com/2');
    expect((await listWebhookEndpoints(world, ACCOUNT)).map((e) => e.id)).toEqual([second.id, first.id]);
  });

  it("answers 404 for deleting an endpoint that is not the account's", async () => {
    const created = await create();
    await expect(deleteWebhookEndpoint(world, 'acct-other', created.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await deleteWebhookEndpoint(world, ACCOUNT, created.id);
    await expect(deleteWebhookEndpoint(world, ACCOUNT, created.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('refuses a bad URL with a 400 on `url`, storing nothing', async () => {
    await expect(create('http://hooks.example.com/')).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
      options: { details: [{ field: 'url', message: 'must be https' }] },
    });
    expect(await listWebhookEndpoints(world, ACCOUNT)).toEqual([]);
  });
});

describe('an endpoint URL', () => {
  it.each([
    ['  https://hooks.example.com/in  ', 'https://hooks.example.com/in'],
    ['https://HOOKS.example.com', 'https://hooks.example.com/'],
    ['https://hooks.example.com:8443/a?b=c', 'https://hooks.example.com:8443/a?b=c'],
    ['https://93.184.216.34/in', 'https://93.184.216.34/in'],
  ])('accepts %j as %s', (raw, url) => {
    expect(parseWebhookUrl(raw, false)).toEqual({ url });
  });

  it.each([
    ['https://hooks.example.com/a b', 'must not hold whitespace, control characters or backslashes'],
    ['https://hooks.example.com/a\r\nX: y', 'must not hold whitespace, control characters or backslashes'],
    ['https://hooks.example.com\\@evil.test/', 'must not hold whitespace, control characters or backslashes'],
    ['hooks.example.com/in', 'must be an absolute URL'],
    ['https://user:pass@hooks.example.com/', 'must not carry credentials'],
    ['http://hooks.example.com/', 'must be https'],
    ['ftp://hooks.example.com/', 'must be https'],
    ['https://localhost/in', 'must not point at this machine'],
    ['https://127.0.0.1/in', 'must not point at this machine'],
    ['https://[::1]/in', 'must not point at this machine'],
    ['https://10.0.0.5/in', 'must not point at a private or link-local address'],
    ['https://192.168.1.1/in', 'must not point at a private or link-local address'],
    ['https://169.254.169.254/latest/meta-data', 'must not point at a private or link-local address'],
  ])('refuses %j: %s', (raw, refusal) => {
    expect(parseWebhookUrl(raw, false)).toEqual({ refusal });
  });

  it('allows http and loopback on the local stack only, never a private address', () => {
    expect(parseWebhookUrl('http://127.0.0.1:8080/in', true)).toEqual({ url: 'http://127.0.0.1:8080/in' });
    expect(parseWebhookUrl('http://localhost/in', true)).toEqual({ url: 'http://localhost/in' });
    expect(parseWebhookUrl('http://hooks.example.com/', true)).toEqual({
      refusal: 'must be https (http to localhost only)',
    });
    expect(parseWebhookUrl('https://10.0.0.5/', true)).toEqual({
      refusal: 'must not point at a private or link-local address',
    });
  });

  it.each([
    ['93.184.216.34', false, true],
    ['10.1.2.3', false, false],
    ['127.0.0.1', false, false],
    ['127.0.0.1', true, true],
    ['10.1.2.3', true, false],
    ['fd00::1', false, false],
  ])('posts to the resolved address %s (loopback allowed: %s): %s', (address, allowLoopback, allowed) => {
    expect(webhookAddressAllowed(address, allowLoopback)).toBe(allowed);
  });
});
