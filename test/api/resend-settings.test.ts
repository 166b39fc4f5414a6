import type { Resend } from 'resend';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type Client, type TestService } from '../support/service';
import { resendAccount, resendClient } from '../support/resend-account';

/**
 * docs/promises.md "Resend-compatible API": the official `resend` package drives `domains.update` (receiving is
 * the domain's native `inbound`) and `apiKeys.update` (a key's name, natively `PATCH /api-keys/{id}`).
 */
let service: TestService;
let resend: Resend;
let native: Client;
let foreign: Resend;

beforeAll(async () => {
  service = await startService();
  ({ native, resend, foreign } = await resendAccount(service, 'Resend settings', ['admin', 'mail']));
});
afterAll(() => service.close());

const uniqueName = () => `settings-${Math.random().toString(36).slice(2, 8)}.example`;

describe('domains.update through the SDK', () => {
  it('capabilities.receiving is the domain’s inbound, read back both ways', async () => {
    const id = (await resend.domains.create({ name: uniqueName() })).data!.id;
    const updated = await resend.domains.update({ id, capabilities: { receiving: 'enabled' } });
    expect(updated.error).toBeNull();
    expect(updated.data).toEqual({ object: 'domain', id });
    expect((await native.get(`/api/v1/domains/${id}`)).body.data.inbound).toBe(true);
    expect((await resend.domains.get(id)).data?.capabilities).toEqual({ sending: 'enabled', receiving: 'enabled' });
    await resend.domains.update({ id, capabilities: { receiving: 'disabled', sending: 'enabled' } });
    expect((await native.get(`/api/v1/domains/${id}`)).body.data.inbound).toBe(false);
  });

  it('what a domain here cannot be told is refused by name; another account’s domain is not found', async () => {
    const id = (await resend.domains.create({ name: uniqueName() })).data!.id;
    for (const [change, field] of [
      [{ clickTracking: true }, 'click_tracking'],
      [{ openTracking: false }, 'open_tracking'],
      [{ tls: 'enforced' }, 'tls'],
      [{ trackingSubdomain: 'links' }, 'tracking_subdomain'],
      [{ capabilities: { sending: 'disabled' } }, 'capabilities.sending'],
      [{}, 'capabilities'],
    ] as const)
      expect((await resend.domains.update({ id, ...change })).error, field).toMatchObject({
        statusCode: 422,
        name: 'validation_error',
        message: expect.stringContaining(field),
      });
    expect((await native.get(`/api/v1/domains/${id}`)).body.data.inbound).toBe(false);
    expect((await foreign.domains.update({ id, capabilities: { receiving: 'enabled' } })).error).toMatchObject({
      statusCode: 404,
      name: 'not_found',
    });
    expect((await native.get(`/api/v1/domains/${id}`)).body.data.inbound).toBe(false);
  });
});

describe('apiKeys.update through the SDK', () => {
  it('renames a key, natively too; its permissions and value stay; a revoked or foreign key is not found', async () => {
    const created = await resend.apiKeys.create({ name: 'Before', permission: 'sending_access' });
    const id = created.data!.id;
    const updated = await resend.apiKeys.update(id, { name: 'After' });
    expect(updated.error).toBeNull();
    expect(updated.data).toEqual({ object: 'api_key', id });
    const listed = (await native.get('/api/v1/api-keys')).body.data.api_keys.find((key: any) => key.id === id);
    expect(listed).toMatchObject({ name: 'After', permissions: ['mail'] });
    expect((await resend.apiKeys.list()).data?.data.find((key) => key.id === id)?.name).toBe('After');
    // The key still works as it did.
    const renamedKey = resendClient(service, created.data!.token);
    expect((await renamedKey.emails.list()).error).toBeNull();

    const nativeRename = await native.call('PATCH', `/api/v1/api-keys/${id}`, { name: 'Natively' });
    expect(nativeRename.body.data).toMatchObject({ id, name: 'Natively', permissions: ['mail'] });
    expect((await native.call('PATCH', `/api/v1/api-keys/${id}`, { name: '' })).status).toBe(400);

    expect((await foreign.apiKeys.update(id, { name: 'Stolen' })).error).toMatchObject({
      statusCode: 404,
      name: 'not_found',
    });
    await resend.apiKeys.remove(id);
    expect((await resend.apiKeys.update(id, { name: 'Revived' })).error).toMatchObject({
      statusCode: 404,
      name: 'not_found',
    });
    // The revoked key stays revoked.
    expect((await renamedKey.emails.list()).error).toMatchObject({ statusCode: 403 });
    expect((await resend.apiKeys.update(id, { name: '' })).error).toMatchObject({ statusCode: 422 });
  });
});
