import type { Resend } from 'resend';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  client,
  keyWith,
  newAccount,
  startService,
  uniqueAddress,
  type Client,
  type TestService,
} from '../support/service';
import { resendAccount, resendClient } from '../support/resend-account';

/**
 * docs/promises.md "Resend-compatible API", suppressions: the official `resend` package drives `suppressions.*`
 * and `suppressions.batch.*` over the native suppression list; what it writes is read natively, and the other
 * way round.
 */
let service: TestService;
let resend: Resend;
let native: Client;
let foreign: Resend;
let mailOnly: Resend;

beforeAll(async () => {
  service = await startService();
  const account = await resendAccount(service, 'Resend suppressions', ['subscribers']);
  ({ native, resend, foreign } = account);
  mailOnly = resendClient(service, await keyWith(account.accountId, ['mail']));
});
afterAll(() => service.close());

describe('suppressions through the SDK', () => {
  it('add, get by id and by address, remove: the native list each time', async () => {
    const email = uniqueAddress('Sup');
    const added = await resend.suppressions.add({ email });
    expect(added.error).toBeNull();
    expect(added.data).toEqual({ object: 'suppression', id: expect.stringMatching(/^[0-9a-f]+$/) });
    const id = added.data!.id;
    expect((await native.get(`/api/v1/suppressions/${encodeURIComponent(email)}`)).body.data).toMatchObject({
      email,
      reason: 'manual',
    });
    // The same entry has the same id: added again, or named by its address.
    expect((await resend.suppressions.add({ email: email.toUpperCase() })).data?.id).toBe(id);
    const got = await resend.suppressions.get(id);
    expect(got.data).toEqual({
      object: 'suppression',
      id,
      email,
      origin: 'manual',
      source_id: null,
      created_at: expect.stringMatching(/Z$/),
    });
    expect((await resend.suppressions.get(email)).data).toEqual(got.data);

    expect((await resend.suppressions.remove(id)).data).toEqual({ object: 'suppression', id, deleted: true });
    expect((await native.get(`/api/v1/suppressions/${encodeURIComponent(email)}`)).status).toBe(404);
    expect((await resend.suppressions.get(id)).error).toMatchObject({ statusCode: 404, name: 'not_found' });
    expect((await resend.suppressions.remove(email)).error).toMatchObject({ statusCode: 404, name: 'not_found' });
    expect((await resend.suppressions.get('not-an-id')).error).toMatchObject({ statusCode: 404, name: 'not_found' });
  });

  it('list pages in address order, by origin, with after and before', async () => {
    // An account of its own: the list is the whole of it.
    const key = await keyWith((await newAccount('Resend suppressions list')).accountId, ['subscribers'], 1000);
    const native = client(service, key);
    const resend = resendClient(service, key);
    const bounced = uniqueAddress('a-bounced');
    await native.post('/api/v1/bounces', { email: bounced, bounce_type: 'hard' });
    const manual = [uniqueAddress('b-manual'), uniqueAddress('c-manual'), uniqueAddress('d-manual')];
    const ids = (await resend.suppressions.batch.add({ emails: manual })).data!.data.map((entry) => entry.id);
    const all = await resend.suppressions.list();
    expect(all.data?.data.map((entry) => [entry.email, entry.origin])).toEqual([
      [bounced, 'bounce'],
      ...manual.map((email) => [email, 'manual']),
    ]);
    expect(all.data?.has_more).toBe(false);
    expect((await resend.suppressions.list({ origin: 'bounce' })).data?.data.map((entry) => entry.email)).toEqual([
      bounced,
    ]);
    const first = await resend.suppressions.list({ origin: 'manual', limit: 2 });
    expect([first.data?.has_more, first.data?.data.map((entry) => entry.id)]).toEqual([true, ids.slice(0, 2)]);
    const next = await resend.suppressions.list({ origin: 'manual', limit: 2, after: ids[1] });
    expect([next.data?.has_more, next.data?.data.map((entry) => entry.id)]).toEqual([false, [ids[2]]]);
    const back = await resend.suppressions.list({ limit: 2, before: ids[2] });
    expect([back.data?.has_more, back.data?.data.map((entry) => entry.id)]).toEqual([true, ids.slice(0, 2)]);
    expect((await resend.suppressions.list({ after: '00ff' })).error).toMatchObject({
      statusCode: 422,
      name: 'validation_error',
      message: expect.stringContaining('after'),
    });
  });

  it('batch add and remove, by addresses and by ids; an address not on the list is deleted: false', async () => {
    const emails = [uniqueAddress('batch'), uniqueAddress('batch')];
    const added = await resend.suppressions.batch.add({ emails });
    expect(added.data?.data).toEqual(emails.map(() => ({ object: 'suppression', id: expect.any(String) })));
    const [one, two] = added.data!.data.map((entry) => entry.id);
    const byEmail = await resend.suppressions.batch.remove({ emails: [emails[0], uniqueAddress('never')] });
    expect(byEmail.data?.data.map((entry) => [entry.id === one, entry.deleted])).toEqual([
      [true, true],
      [false, false],
    ]);
    const byId = await resend.suppressions.batch.remove({ ids: [two, one] });
    expect(byId.data?.data).toEqual([
      { object: 'suppression', id: two, deleted: true },
      { object: 'suppression', id: one, deleted: false },
    ]);
    expect((await native.get('/api/v1/suppressions')).body.data.suppressions.map((s: any) => s.email)).not.toContain(
      emails[1],
    );
    expect((await resend.suppressions.batch.add({ emails: [] })).error).toMatchObject({
      statusCode: 422,
      name: 'validation_error',
      message: expect.stringContaining('emails'),
    });
    const tooMany = Array.from({ length: 101 }, () => uniqueAddress('many'));
    expect((await resend.suppressions.batch.add({ emails: tooMany })).error).toMatchObject({ statusCode: 422 });
    expect((await resend.suppressions.batch.remove({} as never)).error).toMatchObject({
      statusCode: 422,
      message: expect.stringContaining('emails'),
    });
  });

  it('what the native API adds is read through the SDK', async () => {
    const email = uniqueAddress('native');
    await native.post('/api/v1/suppressions', { email });
    expect((await resend.suppressions.get(email)).data).toMatchObject({ email, origin: 'manual' });
  });

  it('another account’s entry is not found, and a key without subscribers is refused', async () => {
    const email = uniqueAddress('mine');
    const id = (await resend.suppressions.add({ email })).data!.id;
    expect((await foreign.suppressions.get(id)).error).toMatchObject({ statusCode: 404, name: 'not_found' });
    expect((await foreign.suppressions.remove(id)).error).toMatchObject({ statusCode: 404, name: 'not_found' });
    expect((await foreign.suppressions.batch.remove({ ids: [id] })).data?.data).toEqual([
      { object: 'suppression', id, deleted: false },
    ]);
    expect((await foreign.suppressions.list()).data?.data).toEqual([]);
    expect((await resend.suppressions.get(id)).data?.email).toBe(email);
    expect((await mailOnly.suppressions.list()).error).toMatchObject({ statusCode: 401, name: 'restricted_api_key' });
  });
});
