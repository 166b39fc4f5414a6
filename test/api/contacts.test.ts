import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capacity, resetAwsCalls } from '../../functions/adapters/instrument';
import {
  client,
  keyWith,
  newAccount,
  startService,
  uniqueAddress,
  type Client,
  type TestService,
} from '../support/service';

/**
 * Contacts natively (docs/promises.md "Contacts"): one per person of an account, unique by email in
 * any case, whose list memberships are the seed's subscribers.
 */
let service: TestService;
let api: Client;
let other: Client;

beforeAll(async () => {
  service = await startService();
  api = client(service, await keyWith((await newAccount('Contacts')).accountId, ['subscribers'], 100_000));
  other = client(service, (await newAccount('Contacts other')).apiKey);
});
afterAll(() => service.close());

const newList = async (name = 'Newsletter') => (await api.post('/api/v1/lists', { name })).body.data;

describe('contacts', () => {
  it('creates one, reads it by id and by email in any case, changes it, deletes it', async () => {
    const email = uniqueAddress('Ada');
    const created = await api.post('/api/v1/contacts', { email, first_name: 'Ada', last_name: 'Lovelace' });
    expect(created.status).toBe(201);
    expect(created.body.data).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
      email,
      first_name: 'Ada',
      last_name: 'Lovelace',
      unsubscribed: false,
      properties: {},
      created_at: expect.stringMatching(/Z$/),
      updated_at: expect.stringMatching(/Z$/),
    });
    const { id } = created.body.data;
    expect((await api.get(`/api/v1/contacts/${id}`)).body.data).toEqual(created.body.data);
    expect((await api.get(`/api/v1/contacts/${encodeURIComponent(email.toUpperCase())}`)).body.data.id).toBe(id);

    const changed = await api.call('PATCH', `/api/v1/contacts/${email}`, { last_name: null, unsubscribed: true });
    expect(changed.status).toBe(200);
    expect(changed.body.data).toMatchObject({ id, first_name: 'Ada', last_name: null, unsubscribed: true });
    expect(changed.body.data.updated_at > created.body.data.updated_at).toBe(true);
    expect((await api.get(`/api/v1/contacts/${id}`)).body.data).toEqual(changed.body.data);

    expect((await api.delete(`/api/v1/contacts/${id}`)).body).toMatchObject({ message: 'Contact deleted' });
    expect((await api.get(`/api/v1/contacts/${id}`)).status).toBe(404);
    expect((await api.get(`/api/v1/contacts/${email}`)).status).toBe(404);
    expect((await api.delete(`/api/v1/contacts/${id}`)).status).toBe(404);
    // The address is free again.
    expect(await api.post('/api/v1/contacts', { email }).then((r) => r.status)).toBe(201);
  });

  it('is unique by email in any case: a second is 409 CONFLICT; another account may have it', async () => {
    const email = uniqueAddress('twice');
    expect((await api.post('/api/v1/contacts', { email })).status).toBe(201);
    const again = await api.post('/api/v1/contacts', { email: email.toUpperCase() });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('CONFLICT');
    expect((await other.post('/api/v1/contacts', { email })).status).toBe(201);
  });

  it('loses no edit of several made at once: each is 200 and in the record, or 409 with Retry-After', async () => {
    const email = `concurrent-${crypto.randomUUID()}@example.com`;
    expect((await api.post('/api/v1/contacts', { email })).status).toBe(201);
    const topic = await api.post('/api/v1/topics', { name: `Edits ${Math.random()}`, default_subscription: 'opt_out' });
    const edits = [
      api.call('PATCH', `/api/v1/contacts/${email}`, { first_name: 'Ada' }),
      api.call('PATCH', `/api/v1/contacts/${email}`, { last_name: 'Lovelace' }),
      api.call('PATCH', `/api/v1/contacts/${email}`, { unsubscribed: true }),
      api.call('PATCH', `/api/v1/contacts/${email}/topics`, {
        topics: [{ id: topic.body.data.id, subscription: 'opt_in' }],
      }),
    ];
    const answers = await Promise.all(edits);
    const stored = (await api.get(`/api/v1/contacts/${email}`)).body.data;
    const choices = (await api.get(`/api/v1/contacts/${email}/topics`)).body.data.topics as {
      id: string;
      subscription: string;
    }[];
    const kept = [
      stored.first_name === 'Ada',
      stored.last_name === 'Lovelace',
      stored.unsubscribed === true,
      choices.some((choice) => choice.id === topic.body.data.id && choice.subscription === 'opt_in'),
    ];
    for (const [i, answer] of answers.entries()) {
      if (answer.status === 200) expect(kept[i], `edit ${i}`).toBe(true);
      else {
        expect(answer.status).toBe(409);
        expect(answer.headers.get('retry-after')).toBe('1');
      }
    }
    // Made again over each other, four edits at once all land (each has three tries).
    expect(answers.filter((answer) => answer.status === 200).length).toBeGreaterThanOrEqual(3);
  });

  it('lists newest first with the cursor; a deep page costs what the first does', async () => {
    const own = client(service, (await newAccount('Contacts list')).apiKey);
    const ids: string[] = [];
    for (let i = 0; i < 25; i++)
      ids.push((await own.post('/api/v1/contacts', { email: uniqueAddress(`l${i}`) })).body.data.id);
    const newestFirst = [...ids].reverse();
    const seen: string[] = [];
    let cursor: string | null = null;
    const reads: number[] = [];
    process.env.MEASURE_CAPACITY = '1';
    try {
      do {
        resetAwsCalls();
        const page: { contacts: { id: string }[]; next_cursor: string | null } = (
          await own.get(`/api/v1/contacts?limit=5${cursor ? `&cursor=${cursor}` : ''}`)
        ).body.data;
        reads.push(capacity.read);
        seen.push(...page.contacts.map((c: { id: string }) => c.id));
        cursor = page.next_cursor;
      } while (cursor);
    } finally {
      process.env.MEASURE_CAPACITY = '0';
    }
    expect(seen).toEqual(newestFirst);
    // Each page is one Query from its key: the fifth costs no more than the first (no skipped items read).
    expect(reads[4]).toBeLessThanOrEqual(reads[0]);
    expect((await own.get('/api/v1/contacts?cursor=bm90LWEtY3Vyc29y')).status).toBe(400);
  });
});

describe('contacts and the seed’s subscribers', () => {
  it('POST /subscribers makes the contact when the address has none, once for every list', async () => {
    const [first, second] = [await newList('One'), await newList('Two')];
    const email = uniqueAddress('member');
    const joined = await api.post('/api/v1/subscribers', { email, list_id: first.id, name: 'Member' });
    expect(joined.status).toBe(201);
    const contact = (await api.get(`/api/v1/contacts/${email}`)).body.data;
    expect(contact).toMatchObject({ email, unsubscribed: false });
    expect((await api.post('/api/v1/subscribers', { email: email.toUpperCase(), list_id: second.id })).status).toBe(
      201,
    );
    expect((await api.get(`/api/v1/contacts/${email}`)).body.data.id).toBe(contact.id);
    // Leaving a list leaves the contact.
    expect((await api.delete(`/api/v1/subscribers/${joined.body.data.id}`)).status).toBe(200);
    expect((await api.get(`/api/v1/contacts/${contact.id}`)).body.data.id).toBe(contact.id);
  });

  it('a contact made with segments is a member of those lists; deleting it deletes every membership', async () => {
    const [first, second] = [await newList('Seg one'), await newList('Seg two')];
    const email = uniqueAddress('seg');
    const made = await api.post('/api/v1/contacts', {
      email,
      first_name: 'Grace',
      last_name: 'Hopper',
      segments: [{ id: first.id }, { id: second.id }],
    });
    expect(made.status).toBe(201);
    const members = (await api.get(`/api/v1/subscribers?list_id=${first.id}`)).body.data.subscribers;
    expect(members).toEqual([expect.objectContaining({ email, name: 'Grace Hopper', status: 'subscribed' })]);
    expect((await api.get(`/api/v1/lists/${second.id}`)).body.data.subscriber_count).toBe(1);

    expect((await api.delete(`/api/v1/contacts/${made.body.data.id}`)).status).toBe(200);
    expect((await api.get(`/api/v1/subscribers/${members[0].id}`)).status).toBe(404);
    expect((await api.get(`/api/v1/lists/${first.id}`)).body.data.subscriber_count).toBe(0);
    expect((await api.get(`/api/v1/lists/${second.id}`)).body.data.subscriber_count).toBe(0);
  });

  it('an unknown or foreign list in segments is 404 and writes no contact', async () => {
    const foreign = (await other.post('/api/v1/lists', { name: 'Theirs' })).body.data;
    const email = uniqueAddress('nolist');
    const refused = await api.post('/api/v1/contacts', { email, segments: [{ id: foreign.id }] });
    expect(refused.status).toBe(404);
    expect((await api.get(`/api/v1/contacts/${email}`)).status).toBe(404);
  });
});

describe('bad input is 4xx, never 5xx', () => {
  it('wrong types, huge strings, foreign and malformed ids', async () => {
    const mine = (await api.post('/api/v1/contacts', { email: uniqueAddress('mine') })).body.data;
    const theirs = (await other.post('/api/v1/contacts', { email: uniqueAddress('theirs') })).body.data;
    const bodies = [
      {},
      { email: 42 },
      { email: 'not-an-address' },
      { email: `${'a'.repeat(300)}@example.com` },
      { email: uniqueAddress(), first_name: 'x'.repeat(201) },
      { email: uniqueAddress(), unsubscribed: 'yes' },
      { email: uniqueAddress(), segments: [{ id: 'not-a-uuid' }] },
      { email: uniqueAddress(), segments: 'all' },
    ];
    for (const body of bodies) {
      const answer = await api.post('/api/v1/contacts', body);
      expect(answer.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(answer.body.error.code).toBe('VALIDATION_ERROR');
    }
    expect((await api.get(`/api/v1/contacts/${theirs.id}`)).status).toBe(404);
    expect((await api.call('PATCH', `/api/v1/contacts/${theirs.id}`, { first_name: 'x' })).status).toBe(404);
    expect((await api.delete(`/api/v1/contacts/${theirs.id}`)).status).toBe(404);
    expect((await other.get(`/api/v1/contacts/${theirs.id}`)).status).toBe(200);
    for (const id of ['nothing', 'x'.repeat(255), '%00', encodeURIComponent('a@b@c')])
      expect((await api.get(`/api/v1/contacts/${id}`)).status).toBeLessThan(500);
    expect((await api.call('PATCH', `/api/v1/contacts/${mine.id}`, { unsubscribed: 1 })).status).toBe(400);
    // A change of address is refused by name, not dropped; a body with nothing to change is refused too.
    const moved = await api.call('PATCH', `/api/v1/contacts/${mine.id}`, { email: 'new@example.com' });
    expect([moved.status, moved.body.error.details[0].field]).toEqual([400, 'email']);
    expect((await api.get(`/api/v1/contacts/${mine.id}`)).body.data.email).toBe(mine.email);
    for (const body of [{}, { name: 'x' }, { a: { b: { c: 1 } } }])
      expect((await api.call('PATCH', `/api/v1/contacts/${mine.id}`, body)).status, JSON.stringify(body)).toBe(400);
  });
});

describe('contact properties', () => {
  it('declared first: contacts hold values of declared keys and types; reads, merges, clears', async () => {
    const own = client(service, (await newAccount('Properties')).apiKey);
    const plan = await own.post('/api/v1/contact-properties', { key: 'plan', type: 'string', fallback_value: 'free' });
    expect(plan.status).toBe(201);
    expect(plan.body.data).toEqual({
      id: expect.any(String),
      key: 'plan',
      type: 'string',
      fallback_value: 'free',
      created_at: expect.stringMatching(/Z$/),
    });
    const seats = (await own.post('/api/v1/contact-properties', { key: 'seats', type: 'number' })).body.data;
    expect(seats.fallback_value).toBeNull();
    expect((await own.get(`/api/v1/contact-properties/${plan.body.data.id}`)).body.data).toEqual(plan.body.data);
    expect(
      (await own.get('/api/v1/contact-properties')).body.data.contact_properties.map((p: { key: string }) => p.key),
    ).toEqual(['seats', 'plan']);

    const email = uniqueAddress('props');
    const made = await own.post('/api/v1/contacts', { email, properties: { plan: 'pro', seats: 3 } });
    expect(made.status).toBe(201);
    expect(made.body.data.properties).toEqual({ plan: 'pro', seats: 3 });
    const changed = await own.call('PATCH', `/api/v1/contacts/${email}`, { properties: { seats: null, plan: 'team' } });
    expect(changed.body.data.properties).toEqual({ plan: 'team' });
    expect((await own.get(`/api/v1/contacts/${made.body.data.id}`)).body.data.properties).toEqual({ plan: 'team' });

    // An undeclared key or a value of another type is 400 naming it; nothing changes.
    for (const properties of [{ colour: 'red' }, { seats: 'three' }, { plan: 7 }, { plan: true }]) {
      const refused = await own.call('PATCH', `/api/v1/contacts/${email}`, { properties });
      expect(refused.status, JSON.stringify(properties)).toBe(400);
      expect(refused.body.error.details).toEqual([
        { field: `properties.${Object.keys(properties)[0]}`, message: expect.any(String) },
      ]);
      const created = await own.post('/api/v1/contacts', { email: uniqueAddress('refused'), properties });
      expect(created.status).toBe(400);
      expect(created.body.error.details[0].field).toBe(`properties.${Object.keys(properties)[0]}`);
    }
    expect((await own.get(`/api/v1/contacts/${email}`)).body.data.properties).toEqual({ plan: 'team' });

    // Only the fallback changes, of the declared type.
    const fallback = await own.call('PATCH', `/api/v1/contact-properties/${plan.body.data.id}`, {
      fallback_value: 'x',
    });
    expect(fallback.body.data).toMatchObject({ key: 'plan', type: 'string', fallback_value: 'x' });
    expect(
      (await own.call('PATCH', `/api/v1/contact-properties/${seats.id}`, { fallback_value: 'many' })).body.error
        .details[0].field,
    ).toBe('fallback_value');

    // Deleted, its values are no longer answered; declared again with another type, the old ones stay hidden.
    expect((await own.delete(`/api/v1/contact-properties/${plan.body.data.id}`)).status).toBe(200);
    expect((await own.get(`/api/v1/contact-properties/${plan.body.data.id}`)).status).toBe(404);
    expect((await own.get(`/api/v1/contacts/${email}`)).body.data.properties).toEqual({});
    expect((await own.post('/api/v1/contact-properties', { key: 'plan', type: 'number' })).status).toBe(201);
    expect((await own.get(`/api/v1/contacts/${email}`)).body.data.properties).toEqual({});
  });

  it('a key is unique in the account; bad declarations and foreign ids are 4xx', async () => {
    const own = client(service, (await newAccount('Properties bad')).apiKey);
    expect((await own.post('/api/v1/contact-properties', { key: 'tier', type: 'string' })).status).toBe(201);
    const again = await own.post('/api/v1/contact-properties', { key: 'tier', type: 'number' });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('CONFLICT');
    for (const body of [
      {},
      { key: '', type: 'string' },
      { key: 'x'.repeat(51), type: 'string' },
      { key: 'a-b', type: 'string' },
      { key: 'ok', type: 'boolean' },
      { key: 'ok', type: 'number', fallback_value: 'one' },
      { key: 'ok', type: 'string', fallback_value: 'x'.repeat(2001) },
      { key: 7, type: 'string' },
    ]) {
      const answer = await own.post('/api/v1/contact-properties', body);
      expect(answer.status, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
    const theirs = (await other.post('/api/v1/contact-properties', { key: 'theirs', type: 'string' })).body.data;
    expect((await own.get(`/api/v1/contact-properties/${theirs.id}`)).status).toBe(404);
    expect((await own.call('PATCH', `/api/v1/contact-properties/${theirs.id}`, { fallback_value: 'x' })).status).toBe(
      404,
    );
    expect((await own.delete(`/api/v1/contact-properties/${theirs.id}`)).status).toBe(404);
    // Only the fallback changes: a body without it (its type, say) is refused, not a silent no-op.
    const tier = (await own.get('/api/v1/contact-properties')).body.data.contact_properties[0];
    for (const body of [{}, { type: 'number' }, { key: 'other' }])
      expect(
        (await own.call('PATCH', `/api/v1/contact-properties/${tier.id}`, body)).status,
        JSON.stringify(body),
      ).toBe(400);
    expect((await own.get('/api/v1/contact-properties/not-an-id')).status).toBe(404);
    // Another account's declaration is not this account's: its key is undeclared here.
    expect((await own.post('/api/v1/contacts', { email: uniqueAddress(), properties: { theirs: 'x' } })).status).toBe(
      400,
    );
  });
});

describe('a contact’s segments (lists) natively', () => {
  it('add, list and remove memberships; the contact stays', async () => {
    const list = await newList('Natively');
    const email = uniqueAddress('natseg');
    const contact = (await api.post('/api/v1/contacts', { email })).body.data;
    const added = await api.post(`/api/v1/contacts/${email}/segments/${list.id}`);
    expect(added.status).toBe(201);
    expect(added.body.data).toEqual({ id: list.id, subscriber_id: expect.any(String) });
    expect((await api.get(`/api/v1/subscribers/${added.body.data.subscriber_id}`)).body.data).toMatchObject({
      email,
      list_id: list.id,
    });
    expect((await api.get(`/api/v1/contacts/${contact.id}/segments`)).body.data.segments).toEqual([
      { id: list.id, name: 'Natively', created_at: list.created_at },
    ]);
    expect((await api.post(`/api/v1/contacts/${email}/segments/${list.id}`)).status).toBe(409);
    expect((await api.delete(`/api/v1/contacts/${email}/segments/${list.id}`)).status).toBe(200);
    expect((await api.get(`/api/v1/contacts/${email}/segments`)).body.data.segments).toEqual([]);
    expect((await api.delete(`/api/v1/contacts/${email}/segments/${list.id}`)).status).toBe(404);
    expect((await api.get(`/api/v1/contacts/${email}`)).status).toBe(200);
    expect((await api.post(`/api/v1/contacts/${email}/segments/not-a-uuid`)).status).toBe(400);
  });
});
