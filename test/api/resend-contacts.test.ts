import type { Resend } from 'resend';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, newAccount, startService, uniqueAddress, type Client, type TestService } from '../support/service';
import { resendAccount, resendClient } from '../support/resend-account';

/**
 * docs/promises.md "Resend-compatible API", contacts: the official `resend` package, unchanged, drives
 * every call here against the service (`baseUrl` <base>/resend); what it writes is read natively and
 * through the seed's subscriber routes, and the other way round.
 */
let service: TestService;
let resend: Resend;
let native: Client;
let foreign: Resend;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

beforeAll(async () => {
  service = await startService();
  ({ native, resend, foreign } = await resendAccount(service, 'Resend contacts', ['subscribers']));
});
afterAll(() => service.close());

describe('contacts through the SDK', () => {
  it('create, get by id and by email, update, remove: read natively each time', async () => {
    const email = uniqueAddress('sdk');
    const created = await resend.contacts.create({ email, firstName: 'Ada', lastName: 'Lovelace' });
    expect(created.error).toBeNull();
    expect(created.data).toEqual({ object: 'contact', id: expect.stringMatching(UUID) });
    const id = created.data!.id;

    const byId = await resend.contacts.get(id);
    expect(byId.error).toBeNull();
    expect(byId.data).toEqual({
      object: 'contact',
      id,
      email,
      first_name: 'Ada',
      last_name: 'Lovelace',
      unsubscribed: false,
      properties: {},
      created_at: expect.stringMatching(/Z$/),
    });
    expect((await resend.contacts.get({ email })).data?.id).toBe(id);
    expect((await native.get(`/api/v1/contacts/${id}`)).body.data).toMatchObject({ email, first_name: 'Ada' });

    const updated = await resend.contacts.update({ email, unsubscribed: true, lastName: null });
    expect(updated.error).toBeNull();
    expect(updated.data).toEqual({ object: 'contact', id });
    expect((await native.get(`/api/v1/contacts/${email}`)).body.data).toMatchObject({
      unsubscribed: true,
      last_name: null,
      first_name: 'Ada',
    });
    expect((await resend.contacts.get(id)).data).toMatchObject({ unsubscribed: true, last_name: null });

    const removed = await resend.contacts.remove(id);
    expect(removed.error).toBeNull();
    expect(removed.data).toEqual({ object: 'contact', contact: id, deleted: true });
    expect((await native.get(`/api/v1/contacts/${id}`)).status).toBe(404);
    expect((await resend.contacts.get(id)).error).toMatchObject({ statusCode: 404, name: 'not_found' });
    expect((await resend.contacts.remove({ email })).error).toMatchObject({ statusCode: 404, name: 'not_found' });
  });

  it('a second contact of an address, in any case, is 409 in Resend’s error shape', async () => {
    const email = uniqueAddress('dup');
    expect((await resend.contacts.create({ email })).error).toBeNull();
    expect((await resend.contacts.create({ email: email.toUpperCase() })).error).toMatchObject({
      statusCode: 409,
      name: 'validation_error',
    });
  });

  it('a contact made with segments by the SDK is read by the subscriber routes, deleted with them', async () => {
    const list = (await native.post('/api/v1/lists', { name: 'SDK segment' })).body.data;
    const email = uniqueAddress('segsdk');
    const created = await resend.contacts.create({ email, firstName: 'Grace', segments: [{ id: list.id }] });
    expect(created.error).toBeNull();
    const members = (await native.get(`/api/v1/subscribers?list_id=${list.id}`)).body.data.subscribers;
    expect(members).toEqual([expect.objectContaining({ email, name: 'Grace', status: 'subscribed' })]);
    expect((await resend.contacts.remove({ email })).error).toBeNull();
    expect((await native.get(`/api/v1/subscribers/${members[0].id}`)).status).toBe(404);
    expect((await native.get(`/api/v1/lists/${list.id}`)).body.data.subscriber_count).toBe(0);
  });

  it('a contact made natively and one made by POST /subscribers are read through the SDK', async () => {
    const list = (await native.post('/api/v1/lists', { name: 'Native' })).body.data;
    const member = uniqueAddress('member');
    expect((await native.post('/api/v1/subscribers', { email: member, list_id: list.id })).status).toBe(201);
    const read = await resend.contacts.get({ email: member });
    expect(read.error).toBeNull();
    expect(read.data).toMatchObject({ email: member, unsubscribed: false });
    const made = (await native.post('/api/v1/contacts', { email: uniqueAddress('nat'), first_name: 'Nat' })).body.data;
    expect((await resend.contacts.get(made.id)).data).toMatchObject({ id: made.id, first_name: 'Nat' });
  });

  it('list pages newest first by after and before, with has_more', async () => {
    const own = resendClient(service, (await newAccount('Resend contacts list')).apiKey);
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) ids.push((await own.contacts.create({ email: uniqueAddress(`p${i}`) })).data!.id);
    const newest = [...ids].reverse();
    const first = await own.contacts.list({ limit: 3 });
    expect(first.error).toBeNull();
    expect(first.data).toMatchObject({ object: 'list', has_more: true });
    expect(first.data!.data.map((c) => c.id)).toEqual(newest.slice(0, 3));
    expect(first.data!.data[0]).toEqual({
      id: newest[0],
      email: expect.any(String),
      first_name: null,
      last_name: null,
      unsubscribed: false,
      created_at: expect.stringMatching(/Z$/),
    });
    const next = await own.contacts.list({ limit: 3, after: newest[2] });
    expect(next.data!.data.map((c) => c.id)).toEqual(newest.slice(3, 6));
    const last = await own.contacts.list({ limit: 3, after: newest[5] });
    expect(last.data).toMatchObject({ has_more: false });
    expect(last.data!.data.map((c) => c.id)).toEqual(newest.slice(6));
    const back = await own.contacts.list({ limit: 3, before: newest[5] });
    expect(back.data!.data.map((c) => c.id)).toEqual(newest.slice(2, 5));
    expect(back.data!.has_more).toBe(true);
    // Another account's contact is no place in this list.
    expect((await resend.contacts.list({ after: newest[0] })).error).toMatchObject({
      statusCode: 422,
      name: 'validation_error',
    });
  });

  it('bad input is 4xx in Resend’s shape, never 5xx; another account’s contact is not found', async () => {
    const theirs = (await foreign.contacts.create({ email: uniqueAddress('theirs') })).data!.id;
    expect((await resend.contacts.get(theirs)).error).toMatchObject({ statusCode: 404 });
    expect((await resend.contacts.update({ id: theirs, firstName: 'x' })).error).toMatchObject({ statusCode: 404 });
    expect((await resend.contacts.remove(theirs)).error).toMatchObject({ statusCode: 404 });
    expect((await foreign.contacts.get(theirs)).error).toBeNull();
    for (const bad of [
      { email: 'nope' },
      { email: uniqueAddress(), firstName: 'x'.repeat(5000) },
      { email: uniqueAddress(), unsubscribed: 'yes' as unknown as boolean },
      { email: uniqueAddress(), segments: [{ id: 'nope' }] },
      { email: uniqueAddress(), topics: [{ id: crypto.randomUUID(), subscription: 'opt_in' as const }] },
    ]) {
      const answer = await resend.contacts.create(bad);
      expect(answer.error, JSON.stringify(bad).slice(0, 60)).toMatchObject({
        statusCode: 422,
        name: 'validation_error',
      });
    }
    expect(
      (await resend.contacts.create({ email: uniqueAddress(), segments: [{ id: crypto.randomUUID() }] })).error,
    ).toMatchObject({ statusCode: 404, name: 'not_found' });
    expect((await resend.contacts.list({ limit: 1000 })).error).toMatchObject({ statusCode: 422 });
  });
});

describe('contact properties through the SDK', () => {
  it('create, get, update, list, remove; contacts carry typed values, refused ones 422 naming the key', async () => {
    const own = resendClient(service, (await newAccount('Resend properties')).apiKey);
    const plan = await own.contactProperties.create({ key: 'plan', type: 'string', fallbackValue: 'free' });
    expect(plan.error).toBeNull();
    expect(plan.data).toEqual({ object: 'contact_property', id: expect.stringMatching(UUID) });
    const seats = await own.contactProperties.create({ key: 'seats', type: 'number' });
    expect(seats.error).toBeNull();
    const got = await own.contactProperties.get(plan.data!.id);
    expect(got.error).toBeNull();
    expect(got.data).toEqual({
      object: 'contact_property',
      id: plan.data!.id,
      key: 'plan',
      type: 'string',
      fallbackValue: 'free',
      createdAt: expect.stringMatching(/Z$/),
    });
    const updated = await own.contactProperties.update({ id: plan.data!.id, fallbackValue: 'basic' });
    expect(updated.error).toBeNull();
    expect(updated.data).toEqual({ object: 'contact_property', id: plan.data!.id });
    expect((await own.contactProperties.get(plan.data!.id)).data?.fallbackValue).toBe('basic');
    const listed = await own.contactProperties.list({ limit: 1 });
    expect(listed.error).toBeNull();
    expect(listed.data).toMatchObject({ object: 'list', has_more: true });
    expect(listed.data!.data.map((p) => p.key)).toEqual(['seats']);
    const rest = await own.contactProperties.list({ after: seats.data!.id });
    expect(rest.data!.data.map((p) => p.key)).toEqual(['plan']);
    expect(rest.data!.has_more).toBe(false);

    const email = uniqueAddress('typed');
    expect((await own.contacts.create({ email, properties: { plan: 'pro', seats: 4 } })).error).toBeNull();
    expect((await own.contacts.get({ email })).data?.properties).toEqual({
      plan: { type: 'string', value: 'pro' },
      seats: { type: 'number', value: 4 },
    });
    expect((await own.contacts.update({ email, properties: { seats: null } })).error).toBeNull();
    expect((await own.contacts.get({ email })).data?.properties).toEqual({ plan: { type: 'string', value: 'pro' } });
    const refusals: Record<string, string | boolean>[] = [{ colour: 'red' }, { seats: 'four' }, { plan: true }];
    for (const properties of refusals) {
      const refused = await own.contacts.update({ email, properties });
      expect(refused.error).toMatchObject({ statusCode: 422, name: 'validation_error' });
      expect(refused.error?.message).toContain(`properties.${Object.keys(properties)[0]}`);
    }
    expect((await own.contacts.create({ email: uniqueAddress(), properties: { colour: 'red' } })).error).toMatchObject({
      statusCode: 422,
      name: 'validation_error',
    });
    expect((await own.contactProperties.create({ key: 'plan', type: 'number' })).error).toMatchObject({
      statusCode: 409,
    });
    expect((await own.contactProperties.create({ key: 'bad key', type: 'string' })).error).toMatchObject({
      statusCode: 422,
    });

    const removed = await own.contactProperties.remove(plan.data!.id);
    expect(removed.error).toBeNull();
    expect(removed.data).toEqual({ object: 'contact_property', id: plan.data!.id, deleted: true });
    expect((await own.contactProperties.get(plan.data!.id)).error).toMatchObject({ statusCode: 404 });
    expect((await own.contacts.get({ email })).data?.properties).toEqual({});
    // Another account's property is not found here.
    expect((await resend.contactProperties.get(seats.data!.id)).error).toMatchObject({ statusCode: 404 });
  });
});

describe('contacts.segments through the SDK', () => {
  it('add, list, remove: memberships of lists, read through the subscriber routes', async () => {
    const [first, second] = [
      (await native.post('/api/v1/lists', { name: 'Seg A' })).body.data,
      (await native.post('/api/v1/lists', { name: 'Seg B' })).body.data,
    ];
    const email = uniqueAddress('segments');
    const contactId = (await resend.contacts.create({ email, firstName: 'Lin' })).data!.id;
    const added = await resend.contacts.segments.add({ contactId, segmentId: first.id });
    expect(added.error).toBeNull();
    expect(added.data).toEqual({ id: first.id });
    expect((await resend.contacts.segments.add({ email, segmentId: second.id })).error).toBeNull();
    const members = (await native.get(`/api/v1/subscribers?list_id=${first.id}`)).body.data.subscribers;
    expect(members).toEqual([expect.objectContaining({ email, name: 'Lin' })]);

    const listed = await resend.contacts.segments.list({ email });
    expect(listed.error).toBeNull();
    expect(listed.data).toEqual({
      object: 'list',
      has_more: false,
      data: [
        { id: second.id, name: 'Seg B', created_at: expect.any(String) },
        { id: first.id, name: 'Seg A', created_at: expect.any(String) },
      ],
    });
    const paged = await resend.contacts.segments.list({ contactId, limit: 1 });
    expect(paged.data).toMatchObject({ has_more: true, data: [{ id: second.id }] });
    expect((await native.get(`/api/v1/contacts/${contactId}/segments`)).body.data.segments).toHaveLength(2);

    // A second add is 409; an unknown or another account's list is 404.
    expect((await resend.contacts.segments.add({ contactId, segmentId: first.id })).error).toMatchObject({
      statusCode: 409,
    });
    const theirs = (await client(service, (await newAccount('Seg other')).apiKey).post('/api/v1/lists', { name: 'X' }))
      .body.data;
    expect((await resend.contacts.segments.add({ contactId, segmentId: theirs.id })).error).toMatchObject({
      statusCode: 404,
    });

    const removed = await resend.contacts.segments.remove({ email, segmentId: first.id });
    expect(removed.error).toBeNull();
    expect(removed.data).toEqual({ id: first.id, deleted: true });
    expect((await native.get(`/api/v1/subscribers/${members[0].id}`)).status).toBe(404);
    expect((await native.get(`/api/v1/lists/${first.id}`)).body.data.subscriber_count).toBe(0);
    expect((await resend.contacts.segments.remove({ email, segmentId: first.id })).error).toMatchObject({
      statusCode: 404,
    });
    // The contact stays.
    expect((await resend.contacts.get(contactId)).error).toBeNull();
    expect((await resend.contacts.segments.list({ contactId })).data!.data.map((s) => s.id)).toEqual([second.id]);
    expect((await resend.contacts.segments.add({ contactId, segmentId: 'not-a-list' })).error?.statusCode).toBeLessThan(
      500,
    );
  });
});
