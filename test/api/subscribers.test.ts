import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dynamoListStore } from '../../functions/adapters/dynamo/list-store';
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

let service: TestService;
let api: Client;
let accountId: string;

beforeAll(async () => {
  service = await startService();
  accountId = (await newAccount()).accountId;
  api = client(service, await keyWith(accountId, ['subscribers'], 100_000));
});
afterAll(() => service.close());

const newList = async (name = 'Newsletter') =>
  (await api.post('/api/v1/lists', { name, description: 'Monthly' })).body.data;
const subscribe = (list_id: string, email = uniqueAddress('sub'), extra: Record<string, unknown> = {}) =>
  api.post('/api/v1/subscribers', { email, list_id, ...extra });

describe('lists', () => {
  it('creates, reads, renames and lists lists newest first, with counts', async () => {
    const other = client(service, (await newAccount('Lists')).apiKey);
    const first = (await other.post('/api/v1/lists', { name: 'First' })).body.data;
    const second = (await other.post('/api/v1/lists', { name: 'Second', description: 'Two' })).body.data;
    expect(second).toEqual({
      id: expect.any(String),
      name: 'Second',
      description: 'Two',
      subscriber_count: 0,
      double_opt_in: false,
      confirmation: null,
      created_at: expect.stringMatching(/Z$/),
      updated_at: expect.stringMatching(/Z$/),
    });
    const listed = (await other.get('/api/v1/lists')).body.data;
    expect(listed.lists.map((l: { id: string }) => l.id)).toEqual([second.id, first.id]);
    expect(listed).toMatchObject({ total: 2, limit: 20, offset: 0 });
    expect(
      (await other.get('/api/v1/lists?limit=1&offset=1')).body.data.lists.map((l: { id: string }) => l.id),
    ).toEqual([first.id]);
    const renamed = await other.put(`/api/v1/lists/${first.id}`, { name: 'Renamed' });
    expect(renamed.body.data.name).toBe('Renamed');
    expect((await other.get(`/api/v1/lists/${first.id}`)).body.data.name).toBe('Renamed');
    expect((await api.get(`/api/v1/lists/${first.id}`)).status).toBe(404);
  });

  it('deletes a list with its subscriptions', async () => {
    const list = await newList('Doomed');
    const created = (await subscribe(list.id)).body.data;
    expect((await api.delete(`/api/v1/lists/${list.id}`)).body).toEqual({
      success: true,
      message: 'List and its subscriptions deleted',
    });
    expect((await api.get(`/api/v1/lists/${list.id}`)).status).toBe(404);
    expect((await api.get(`/api/v1/subscribers/${created.id}`)).status).toBe(404);
    expect((await api.get(`/api/v1/subscribers?list_id=${list.id}`)).body.data.total).toBe(0);
  });

  it('leaves no subscriber under a list deleted while subscribers are being added to it', async () => {
    const list = await newList('Race');
    const existing: Awaited<ReturnType<typeof subscribe>>[] = [];
    for (let i = 0; i < 4; i++)
      existing.push(...(await Promise.all(Array.from({ length: 5 }, () => subscribe(list.id)))));
    expect(existing.every((c) => c.status === 201)).toBe(true);

    // Creates in flight as the delete starts, waves of them while it runs, and one after it answered.
    const early = Array.from({ length: 10 }, () => subscribe(list.id));
    let deleted = false;
    const deletion = api.delete(`/api/v1/lists/${list.id}`).finally(() => (deleted = true));
    const creates = await Promise.all(early);
    for (let wave = 0; !deleted && wave < 100; wave++)
      creates.push(...(await Promise.all(Array.from({ length: 4 }, () => subscribe(list.id)))));
    expect((await deletion).status).toBe(200);
    creates.push(...(await Promise.all(Array.from({ length: 4 }, () => subscribe(list.id)))));

    // Each create either happened before the delete (and its subscriber went with the list) or is a 404.
    expect(creates.map((c) => c.status).filter((status) => status !== 201 && status !== 404)).toEqual([]);
    expect(creates.slice(-4).map((c) => c.status)).toEqual([404, 404, 404, 404]);
    const ids = [...existing, ...creates].filter((c) => c.status === 201).map((c) => c.body.data.id as string);
    const records = await Promise.all(ids.map((id) => api.get(`/api/v1/subscribers/${id}`)));
    expect(records.filter((r) => r.status !== 404).map((r) => r.body.data)).toEqual([]);
    const listed = (await api.get(`/api/v1/subscribers?list_id=${list.id}`)).body.data;
    expect([listed.total, listed.subscribers]).toEqual([0, []]);
    expect((await api.get(`/api/v1/lists/${list.id}`)).status).toBe(404);
    expect((await api.get('/api/v1/lists?limit=100')).body.data.lists.map((l: { id: string }) => l.id)).not.toContain(
      list.id,
    );
  });

  it('hides and closes a list whose deletion was cut short, and a repeated DELETE finishes it', async () => {
    const list = await newList('Interrupted');
    const ids = (await Promise.all(Array.from({ length: 3 }, () => subscribe(list.id)))).map(
      (c) => c.body.data.id as string,
    );
    // What a DELETE that died after its first step leaves behind.
    expect(await dynamoListStore().markDeleting(accountId, list.id, new Date().toISOString())).toEqual({
      subscriber_count: 3,
    });
    expect((await api.get(`/api/v1/lists/${list.id}`)).status).toBe(404);
    expect((await api.put(`/api/v1/lists/${list.id}`, { name: 'Back' })).status).toBe(404);
    expect((await api.get('/api/v1/lists?limit=100')).body.data.lists.map((l: { id: string }) => l.id)).not.toContain(
      list.id,
    );
    expect((await subscribe(list.id)).status).toBe(404);
    expect((await api.delete(`/api/v1/lists/${list.id}`)).status).toBe(200);
    expect((await Promise.all(ids.map((id) => api.get(`/api/v1/subscribers/${id}`)))).map((r) => r.status)).toEqual([
      404, 404, 404,
    ]);
    expect((await api.get(`/api/v1/subscribers?list_id=${list.id}`)).body.data.total).toBe(0);
    expect((await api.delete(`/api/v1/lists/${list.id}`)).status).toBe(404);
  });
});

describe('subscribers', () => {
  it('creates, reads, updates and deletes a subscriber with the spec shapes', async () => {
    const list = await newList();
    const email = uniqueAddress('Ada');
    const created = await subscribe(list.id, email, { name: 'Ada', metadata: { plan: 'pro' } });
    expect(created.status).toBe(201);
    expect(created.body.data).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      email,
      name: 'Ada',
      status: 'subscribed',
      created_at: expect.stringMatching(/Z$/),
    });
    const id = created.body.data.id;
    expect((await api.get(`/api/v1/subscribers/${id}`)).body.data).toEqual({
      id,
      email,
      name: 'Ada',
      status: 'subscribed',
      list_id: list.id,
      metadata: { plan: 'pro' },
      created_at: created.body.data.created_at,
      updated_at: expect.stringMatching(/Z$/),
    });
    const updated = await api.put(`/api/v1/subscribers/${id}`, {
      name: 'Ada L.',
      status: 'unsubscribed',
      metadata: { plan: 'free' },
    });
    expect(updated.body.data).toEqual({
      id,
      email,
      name: 'Ada L.',
      status: 'unsubscribed',
      updated_at: expect.stringMatching(/Z$/),
    });
    expect((await api.get(`/api/v1/subscribers/${id}`)).body.data.metadata).toEqual({ plan: 'free' });
    expect((await api.delete(`/api/v1/subscribers/${id}`)).body).toEqual({
      success: true,
      message: 'Subscriber deleted',
    });
    expect((await api.get(`/api/v1/subscribers/${id}`)).status).toBe(404);
    expect((await api.get(`/api/v1/lists/${list.id}`)).body.data.subscriber_count).toBe(0);
  });

  it('answers 409 for the same address in the same list (any case), 404 for an unknown list', async () => {
    const list = await newList();
    const email = uniqueAddress('dup');
    expect((await subscribe(list.id, email)).status).toBe(201);
    const again = await subscribe(list.id, email.toUpperCase());
    expect([again.status, again.body.error.code]).toEqual([409, 'CONFLICT']);
    expect((await subscribe((await newList('Other')).id, email)).status).toBe(201);
    const unknown = await subscribe('00000000-0000-4000-8000-000000000000');
    expect([unknown.status, unknown.body.error.code]).toEqual([404, 'NOT_FOUND']);
  });

  it('keeps the list count exact under 40 concurrent creates and deletes', async () => {
    const list = await newList('Busy');
    const created = await Promise.all(Array.from({ length: 40 }, () => subscribe(list.id)));
    expect(created.every((c) => c.status === 201)).toBe(true);
    expect((await api.get(`/api/v1/lists/${list.id}`)).body.data.subscriber_count).toBe(40);
    await Promise.all(created.slice(0, 15).map((c) => api.delete(`/api/v1/subscribers/${c.body.data.id}`)));
    expect((await api.get(`/api/v1/lists/${list.id}`)).body.data.subscriber_count).toBe(25);
    expect((await api.get(`/api/v1/subscribers?list_id=${list.id}`)).body.data.total).toBe(25);
  });

  it('filters by list and status and pages newest first by offset and by cursor', async () => {
    const list = await newList('Paged');
    const ids: string[] = [];
    for (let i = 0; i < 25; i++) {
      const c = await subscribe(list.id, uniqueAddress(`p${i}`), {
        status: i % 5 === 0 ? 'unsubscribed' : 'subscribed',
      });
      ids.push(c.body.data.id);
    }
    const newestFirst = [...ids].reverse();
    const page = (await api.get(`/api/v1/subscribers?list_id=${list.id}&limit=10&offset=10`)).body.data;
    expect(page).toMatchObject({ total: 25, limit: 10, offset: 10 });
    expect(page.subscribers.map((s: { id: string }) => s.id)).toEqual(newestFirst.slice(10, 20));
    expect(page.subscribers[0]).not.toHaveProperty('updated_at');

    const unsubscribed = (await api.get(`/api/v1/subscribers?list_id=${list.id}&status=unsubscribed`)).body.data;
    expect(unsubscribed.total).toBe(5);
    expect(unsubscribed.subscribers.map((s: { id: string }) => s.id)).toEqual(
      newestFirst.filter((_, i) => (24 - i) % 5 === 0),
    );

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const next: any = (
        await api.get(`/api/v1/subscribers?list_id=${list.id}&limit=7${cursor ? `&cursor=${cursor}` : ''}`)
      ).body.data;
      seen.push(...next.subscribers.map((s: { id: string }) => s.id));
      cursor = next.next_cursor;
    } while (cursor);
    expect(seen).toEqual(newestFirst);

    // A status change moves the subscriber between the status listings.
    await api.put(`/api/v1/subscribers/${ids[1]}`, { status: 'unsubscribed' });
    expect((await api.get(`/api/v1/subscribers?list_id=${list.id}&status=unsubscribed`)).body.data.total).toBe(6);
    expect((await api.get(`/api/v1/subscribers?list_id=${list.id}&status=subscribed`)).body.data.total).toBe(19);
  });

  it('reads about one page at a deep offset, not everything before it', async () => {
    const deep = client(service, await keyWith((await newAccount('Deep')).accountId, ['subscribers'], 100_000));
    const list = (await deep.post('/api/v1/lists', { name: 'Deep' })).body.data;
    for (let i = 0; i < 300; i += 30) {
      await Promise.all(
        Array.from({ length: 30 }, (_, j) =>
          deep.post('/api/v1/subscribers', { email: uniqueAddress(`d${i + j}`), list_id: list.id }),
        ),
      );
    }
    process.env.MEASURE_CAPACITY = '1';
    try {
      resetAwsCalls();
      const shallow = (await deep.get(`/api/v1/subscribers?list_id=${list.id}&limit=20&offset=0`)).body.data;
      const shallowReads = capacity.read;
      resetAwsCalls();
      const deepPage = (await deep.get(`/api/v1/subscribers?list_id=${list.id}&limit=20&offset=270`)).body.data;
      const deepReads = capacity.read;
      // What reading every record up to the page costs, for comparison.
      resetAwsCalls();
      for (let offset = 0; offset < 300; offset += 100)
        await deep.get(`/api/v1/subscribers?list_id=${list.id}&limit=100&offset=${offset}`);
      const everything = capacity.read;
      expect(shallow.total).toBe(300);
      expect(deepPage.subscribers).toHaveLength(20);
      // The deep page costs the block counters, fewer than 100 skipped records and the page: well under
      // reading everything before it (the benchmark measures 10,000 records at offset 9,900).
      expect(deepReads).toBeLessThan(everything / 2);
      expect(deepReads).toBeLessThan(shallowReads * 6);
    } finally {
      process.env.MEASURE_CAPACITY = '0';
    }
  }, 120_000); // 300 subscribers are created first: slow when the machine is busy, never part of what is measured

  it.each([
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['offset=-1', 'offset'],
    ['limit=abc', 'limit'],
    ['status=gone', 'status'],
    ['list_id=nope', 'list_id'],
  ])('answers 400 for %s', async (query, field) => {
    const answer = await api.get(`/api/v1/subscribers?${query}`);
    expect([answer.status, answer.body.error.details[0].field]).toEqual([400, field]);
  });

  const encoded = (json: string) => Buffer.from(json).toString('base64url');
  it.each([
    ['a cursor that is not base64url', '%25%25%25'],
    ['a cursor that is not JSON', encoded('not json')],
    ['a negative seq', encoded('{"s":-1}')],
    ['a fractional seq', encoded('{"s":1.5}')],
    ['a seq beyond the safe integers', encoded('{"s":1e300}')],
    ['a cursor of no listing', encoded('{"v":"AAAAAAAAAAAAAAAA","s":3}')],
  ])('answers 400 on cursor for %s, never the first page', async (_name, cursor) => {
    const list = await newList('Cursors');
    await subscribe(list.id);
    for (const query of [
      `list_id=${list.id}&cursor=${cursor}`,
      `cursor=${cursor}`,
      `status=subscribed&cursor=${cursor}`,
    ]) {
      const answer = await api.get(`/api/v1/subscribers?${query}`);
      expect([answer.status, answer.body.error?.code, answer.body.error?.details?.[0].field]).toEqual([
        400,
        'VALIDATION_ERROR',
        'cursor',
      ]);
    }
  });

  it('refuses a cursor on any listing but the one that issued it', async () => {
    const [a, b] = [await newList('A'), await newList('B')];
    for (let i = 0; i < 3; i++) await Promise.all([subscribe(a.id), subscribe(b.id)]);
    const cursorOf = async (query: string) =>
      (await api.get(`/api/v1/subscribers?${query}&limit=1`)).body.data.next_cursor as string;
    const fromA = await cursorOf(`list_id=${a.id}`);
    expect((await api.get(`/api/v1/subscribers?list_id=${a.id}&limit=1&cursor=${fromA}`)).status).toBe(200);
    const other = client(service, (await newAccount('Other cursors')).apiKey);
    for (const [who, query] of [
      [api, `list_id=${b.id}`],
      [api, `list_id=${a.id}&status=subscribed`],
      [api, ''],
      [api, 'status=subscribed'],
      [other, `list_id=${a.id}`],
    ] as const) {
      const answer = await who.get(`/api/v1/subscribers?${query}&cursor=${fromA}`);
      expect([query, answer.status, answer.body.error?.details?.[0].field]).toEqual([query, 400, 'cursor']);
    }
    // A bounces cursor is no subscribers cursor either, and lists issue none.
    for (let i = 0; i < 2; i++) await api.post('/api/v1/bounces', { email: uniqueAddress('bc'), bounce_type: 'soft' });
    const bounceCursor = (await api.get('/api/v1/bounces?limit=1')).body.data.next_cursor;
    expect((await api.get(`/api/v1/subscribers?cursor=${bounceCursor}`)).status).toBe(400);
    const lists = await api.get(`/api/v1/lists?cursor=${fromA}`);
    expect([lists.status, lists.body.error.details[0].field]).toEqual([400, 'cursor']);
  });

  it.each([
    ['a bad email', { email: 'x', list_id: '00000000-0000-4000-8000-000000000000' }, 'email'],
    ['no list_id', { email: 'a@example.com' }, 'list_id'],
    [
      'an unknown status',
      { email: 'a@example.com', list_id: '00000000-0000-4000-8000-000000000000', status: 'maybe' },
      'status',
    ],
  ])('answers 400 for a create with %s', async (_name, body, field) => {
    const answer = await api.post('/api/v1/subscribers', body);
    expect([answer.status, answer.body.error.details[0].field]).toEqual([400, field]);
  });

  it("hides one account's subscribers from another", async () => {
    const list = await newList();
    const { id } = (await subscribe(list.id)).body.data;
    const other = client(service, (await newAccount('Other')).apiKey);
    expect((await other.get(`/api/v1/subscribers/${id}`)).status).toBe(404);
    expect((await other.put(`/api/v1/subscribers/${id}`, { name: 'x' })).status).toBe(404);
    expect((await other.delete(`/api/v1/subscribers/${id}`)).status).toBe(404);
    expect((await other.get(`/api/v1/subscribers?list_id=${list.id}`)).body.data.total).toBe(0);
    expect((await other.post('/api/v1/subscribers', { email: uniqueAddress(), list_id: list.id })).status).toBe(404);
  });
});
