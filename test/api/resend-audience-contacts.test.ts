import type { Resend } from 'resend';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, uniqueAddress, type Client, type TestService } from '../support/service';
import { resendAccount } from '../support/resend-account';

/**
 * docs/promises.md "Resend-compatible API": the SDK's older audience-scoped contact calls
 * (`audienceId`, and `contacts.list` with a segment) are the account's one contact seen through one
 * list membership. Every call here is the official `resend` package, unchanged.
 */
let service: TestService;
let resend: Resend;
let native: Client;
let foreign: Resend;
let key: string;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

beforeAll(async () => {
  service = await startService();
  ({ native, resend, foreign, key } = await resendAccount(service, 'Resend audience contacts', ['subscribers']));
});
afterAll(() => service.close());

const newAudience = async (name: string) => {
  const { data, error } = await resend.segments.create({ name });
  expect(error).toBeNull();
  return data!.id;
};
const membersOf = async (listId: string) =>
  (await native.get(`/api/v1/subscribers?list_id=${listId}`)).body.data.subscribers.map(
    (s: { email: string }) => s.email,
  );

describe('contacts with audienceId through the SDK', () => {
  it('create, get, update, remove: the contact and its membership of the audience', async () => {
    const audienceId = await newAudience('Old audience');
    const other = await newAudience('Other audience');
    const email = uniqueAddress('aud');
    const created = await resend.contacts.create({ audienceId, email, firstName: 'Ada', unsubscribed: false });
    expect(created.error).toBeNull();
    expect(created.data).toEqual({ object: 'contact', id: expect.stringMatching(UUID) });
    const id = created.data!.id;
    // One contact of the account, a member of the audience: read natively and by the subscriber routes.
    expect((await native.get(`/api/v1/contacts/${id}`)).body.data).toMatchObject({ email, first_name: 'Ada' });
    expect(await membersOf(audienceId)).toEqual([email]);
    // A second of the address is 409, as contacts.create; joining another audience is segments.add.
    expect((await resend.contacts.create({ audienceId: other, email })).error).toMatchObject({ statusCode: 409 });

    for (const ref of [{ id }, { email: email.toUpperCase() }]) {
      const got = await resend.contacts.get({ audienceId, ...ref });
      expect(got.error, JSON.stringify(ref)).toBeNull();
      expect(got.data).toMatchObject({ object: 'contact', id, email, first_name: 'Ada', unsubscribed: false });
      // Not a member of the other audience: 404 there.
      expect((await resend.contacts.get({ audienceId: other, ...ref })).error).toMatchObject({
        statusCode: 404,
        name: 'not_found',
      });
    }

    const updated = await resend.contacts.update({ audienceId, email, lastName: 'Lovelace', unsubscribed: true });
    expect(updated.error).toBeNull();
    expect(updated.data).toEqual({ object: 'contact', id });
    expect((await resend.contacts.get(id)).data).toMatchObject({ last_name: 'Lovelace', unsubscribed: true });
    expect((await resend.contacts.update({ audienceId: other, id, firstName: 'X' })).error).toMatchObject({
      statusCode: 404,
    });
    expect((await resend.contacts.get(id)).data?.first_name).toBe('Ada');

    // Remove with an audience leaves that audience; the contact and its other memberships stay.
    expect((await resend.contacts.segments.add({ contactId: id, segmentId: other })).error).toBeNull();
    const removed = await resend.contacts.remove({ audienceId, id });
    expect(removed.error).toBeNull();
    expect(removed.data).toEqual({ object: 'contact', contact: id, deleted: true });
    expect(await membersOf(audienceId)).toEqual([]);
    expect(await membersOf(other)).toEqual([email]);
    expect((await resend.contacts.get(id)).data?.id).toBe(id);
    expect((await resend.contacts.remove({ audienceId, id })).error).toMatchObject({ statusCode: 404 });
  });

  it('list by segment or audience: its members’ contacts, newest member first, paged by contact ids', async () => {
    const audienceId = await newAudience('Listed');
    const ids: string[] = [];
    for (const n of [0, 1, 2]) {
      const made = await resend.contacts.create({ audienceId, email: uniqueAddress(`listed${n}`) });
      ids.push(made.data!.id);
    }
    // A contact that is no member is not listed.
    await resend.contacts.create({ email: uniqueAddress('outside') });
    const newestFirst = [...ids].reverse();

    const all = await resend.contacts.list({ segmentId: audienceId });
    expect(all.error).toBeNull();
    expect(all.data).toMatchObject({ object: 'list', has_more: false });
    expect(all.data!.data.map((c) => c.id)).toEqual(newestFirst);
    expect(all.data!.data[0]).toEqual({
      id: newestFirst[0],
      email: expect.stringContaining('@'),
      first_name: null,
      last_name: null,
      unsubscribed: false,
      created_at: expect.stringMatching(/Z$/),
    });
    const first = await resend.contacts.list({ audienceId, limit: 2 });
    expect(first.data).toMatchObject({ has_more: true });
    expect(first.data!.data.map((c) => c.id)).toEqual(newestFirst.slice(0, 2));
    const rest = await resend.contacts.list({ audienceId, limit: 2, after: newestFirst[1] });
    expect(rest.data).toMatchObject({ has_more: false });
    expect(rest.data!.data.map((c) => c.id)).toEqual(newestFirst.slice(2));
    const back = await resend.contacts.list({ audienceId, before: newestFirst[2] });
    expect(back.data!.data.map((c) => c.id)).toEqual(newestFirst.slice(0, 2));
    // The older SDKs' path lists the same.
    const older = await fetch(`${service.baseUrl}/resend/audiences/${audienceId}/contacts`, {
      headers: { Authorization: `Bearer ${key}` },
    });
    expect(older.status).toBe(200);
    expect(await older.json()).toEqual(all.data);

    // An anchor that is no member is 422; an audience that is none of the account's is 404.
    const outsider = (await resend.contacts.list()).data!.data[0].id;
    expect((await resend.contacts.list({ audienceId, after: outsider })).error).toMatchObject({
      statusCode: 422,
      message: expect.stringContaining('after'),
    });
    expect((await foreign.contacts.list({ audienceId })).error).toMatchObject({ statusCode: 404, name: 'not_found' });
    expect((await foreign.contacts.get({ audienceId, id: ids[0] })).error).toMatchObject({ statusCode: 404 });
    expect((await foreign.contacts.create({ audienceId, email: uniqueAddress('foreign') })).error).toMatchObject({
      statusCode: 404,
    });
  });
});
