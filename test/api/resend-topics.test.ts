import type { Resend } from 'resend';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, uniqueAddress, type Client, type TestService } from '../support/service';
import { resendAccount } from '../support/resend-account';

/**
 * docs/promises.md "Resend-compatible API", topics: the official `resend` package drives `topics.*` and
 * `contacts.topics.*` against the service; what it writes is read natively, and the other way round.
 */
let service: TestService;
let resend: Resend;
let native: Client;
let foreign: Resend;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

beforeAll(async () => {
  service = await startService();
  ({ native, resend, foreign } = await resendAccount(service, 'Resend topics', ['subscribers']));
});
afterAll(() => service.close());

describe('topics through the SDK', () => {
  it('create, get, update, list, remove: read natively each time', async () => {
    const created = await resend.topics.create({ name: 'News', description: 'Weekly', defaultSubscription: 'opt_in' });
    expect(created.error).toBeNull();
    expect(created.data).toMatchObject({ id: expect.stringMatching(UUID) });
    const id = created.data!.id;

    const got = await resend.topics.get(id);
    expect(got.error).toBeNull();
    expect(got.data).toEqual({
      object: 'topic',
      id,
      name: 'News',
      description: 'Weekly',
      default_subscription: 'opt_in',
      visibility: 'private',
      created_at: expect.any(String),
    });

    expect((await resend.topics.update({ id, name: 'Product news' })).data).toMatchObject({ id });
    expect((await native.get(`/api/v1/topics/${id}`)).body.data).toMatchObject({
      name: 'Product news',
      description: 'Weekly',
      default_subscription: 'opt_in',
    });

    const second = (
      await native.post('/api/v1/topics', { name: 'Offers', default_subscription: 'opt_out', visibility: 'public' })
    ).body.data;
    const listed = await resend.topics.list();
    expect(listed.error).toBeNull();
    expect(listed.data!.data.map((t) => t.id)).toEqual([second.id, id]);

    const removed = await resend.topics.remove(id);
    expect(removed.data).toEqual({ object: 'topic', id, deleted: true });
    expect((await native.get(`/api/v1/topics/${id}`)).status).toBe(404);
    expect((await resend.topics.get(id)).error).toMatchObject({ statusCode: 404, name: 'not_found' });
  });

  it("contacts.topics: every topic with the contact's choice, else the default; update sets some", async () => {
    const optIn = (await resend.topics.create({ name: 'In', defaultSubscription: 'opt_in' })).data!.id;
    const optOut = (await resend.topics.create({ name: 'Out', defaultSubscription: 'opt_out' })).data!.id;
    const email = uniqueAddress('topics');
    const contact = (await resend.contacts.create({ email, topics: [{ id: optOut, subscription: 'opt_in' }] })).data!;

    const choiceOf = async (topic: string) =>
      (await resend.contacts.topics.list({ email })).data!.data.find((t) => t.id === topic)?.subscription;
    expect([await choiceOf(optIn), await choiceOf(optOut)]).toEqual(['opt_in', 'opt_in']);

    const updated = await resend.contacts.topics.update({
      id: contact.id,
      topics: [
        { id: optIn, subscription: 'opt_out' },
        { id: optOut, subscription: 'opt_out' },
      ],
    });
    expect(updated.error).toBeNull();
    expect(updated.data).toEqual({ id: contact.id });
    expect([await choiceOf(optIn), await choiceOf(optOut)]).toEqual(['opt_out', 'opt_out']);

    // Natively the same choices; a native change is read through the SDK.
    const mine = (await native.get(`/api/v1/contacts/${contact.id}/topics`)).body.data.topics;
    expect(mine.filter((t: { id: string }) => [optIn, optOut].includes(t.id))).toEqual([
      { id: optOut, name: 'Out', description: null, subscription: 'opt_out' },
      { id: optIn, name: 'In', description: null, subscription: 'opt_out' },
    ]);
    await native.call('PATCH', `/api/v1/contacts/${email}/topics`, { topics: [{ id: optIn, subscription: 'opt_in' }] });
    expect(await choiceOf(optIn)).toBe('opt_in');

    const page = await resend.contacts.topics.list({ id: contact.id, limit: 1 });
    expect(page.data).toMatchObject({ object: 'list', has_more: true });
    expect(page.data!.data).toHaveLength(1);
  });

  it("bad input is 4xx in Resend's shape, never 5xx; another account's topic is not found", async () => {
    const theirs = (await foreign.topics.create({ name: 'Theirs', defaultSubscription: 'opt_in' })).data!.id;
    expect((await resend.topics.get(theirs)).error).toMatchObject({ statusCode: 404 });
    expect((await resend.topics.update({ id: theirs, name: 'x' })).error).toMatchObject({ statusCode: 404 });
    // The id the SDK repeats in the body is no change: an update naming nothing else is refused.
    const mine = (await resend.topics.create({ name: 'Mine', defaultSubscription: 'opt_in' })).data!.id;
    expect((await resend.topics.update({ id: mine } as never)).error).toMatchObject({
      statusCode: 422,
      name: 'validation_error',
    });
    expect((await resend.topics.remove(theirs)).error).toMatchObject({ statusCode: 404 });
    expect((await foreign.topics.get(theirs)).error).toBeNull();
    for (const bad of [
      { name: '', defaultSubscription: 'opt_in' as const },
      { name: 'x'.repeat(101), defaultSubscription: 'opt_in' as const },
      { name: 'No default' } as { name: string; defaultSubscription: 'opt_in' },
      { name: 'Bad default', defaultSubscription: 'maybe' as 'opt_in' },
    ]) {
      expect((await resend.topics.create(bad)).error, bad.name).toMatchObject({ statusCode: 422 });
    }
    const email = uniqueAddress('bad');
    await resend.contacts.create({ email });
    for (const topics of [
      [{ id: theirs, subscription: 'opt_in' as const }],
      [{ id: 'nope', subscription: 'opt_in' as const }],
      [{ id: crypto.randomUUID(), subscription: 'yes' as 'opt_in' }],
    ]) {
      expect((await resend.contacts.topics.update({ email, topics })).error).toMatchObject({ statusCode: 422 });
    }
    expect((await resend.contacts.topics.list({ email: uniqueAddress('nobody') })).error).toMatchObject({
      statusCode: 404,
    });
  });
});
