import { Resend } from 'resend';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEPT_WITH_MESSAGE as KEPT } from '../../functions/domain/request-log/kept-mail';
import { client, newAccount, startService, uniqueAddress, type ApiAnswer, type Client } from '../support/service';
import type { TestService } from '../support/service';
import { recordTableRequests } from '../support/table-requests';

/**
 * Issue 42, decision 0131: a key bound to a tenant reads the request log of its tenant's keys alone (natively
 * and as Resend's `logs`), never another tenant's nor the account's own requests; the account's key reads
 * them all. A tenant's page is one Query of its own index partition and one read of the page's entries.
 */
let service: TestService;
let accountId: string;
let api: Client;
type Tenant = { id: string; name: string };
let a: Tenant;
let b: Tenant;
/** Each caller's requests carry a user agent of its own, so the account's listing tells them apart. */
const AGENTS = { a: 'tenant-a-client', a2: 'tenant-a-second-key', b: 'tenant-b-client', account: 'account-client' };
type Caller = keyof typeof AGENTS;
const callers = {} as Record<Caller, { key: string; api: Client }>;

const unique = (label: string) => `${label}-${Math.random().toString(36).slice(2, 10)}`;
const as = (caller: Caller) => {
  const own = callers[caller];
  const headers = { 'User-Agent': AGENTS[caller] };
  return {
    get: (path: string) => own.api.get(path, headers),
    post: (path: string, body?: unknown) => own.api.post(path, body, headers),
  };
};
const resendAs = (caller: Caller) =>
  new Resend(callers[caller].key, { baseUrl: `${service.baseUrl}/resend`, userAgent: AGENTS[caller] });

type Entry = { id: string; endpoint: string; user_agent: string | null };

/** Every entry a key lists, newest first, through cursor pages of `limit`; each page at most `limit` long. */
const listed = async (api: Client, limit: number) => {
  const entries: Entry[] = [];
  let cursor: string | null = null;
  do {
    const page: ApiAnswer = await api.get(`/api/v1/logs?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
    expect(page.status).toBe(200);
    expect(page.body.data.logs.length).toBeLessThanOrEqual(limit);
    entries.push(...page.body.data.logs);
    cursor = page.body.data.next_cursor;
  } while (cursor);
  return entries;
};

/** The same through the SDK's `after` paging. */
const listedWithSdk = async (resend: Resend, limit: number) => {
  const entries: Entry[] = [];
  let after: string | undefined;
  for (;;) {
    const page = await resend.logs.list({ limit, ...(after ? { after } : {}) });
    expect(page.error).toBeNull();
    const items = page.data!.data as unknown as Entry[];
    expect(items.length).toBeLessThanOrEqual(limit);
    entries.push(...items);
    if (!page.data!.has_more) return entries;
    after = items.at(-1)!.id;
  }
};

beforeAll(async () => {
  service = await startService();
  const account = await newAccount('Tenant request log');
  accountId = account.accountId;
  api = client(service, account.apiKey);
  await api.post('/api/v1/providers', { type: 'ses', name: 'SES', from_email: 'app@log.example.com' });
  a = (await api.post('/api/v1/tenants', { name: unique('a') })).body.data;
  b = (await api.post('/api/v1/tenants', { name: unique('b') })).body.data;
  const bound = async (tenant: Tenant) => {
    const created = await api.post('/api/v1/api-keys', { name: 'bound', permissions: ['mail'], tenant_id: tenant.id });
    expect(created.status).toBe(201);
    return { key: created.body.data.key as string, api: client(service, created.body.data.key) };
  };
  callers.a = await bound(a);
  callers.a2 = await bound(a);
  callers.b = await bound(b);
  callers.account = { key: account.apiKey, api };

  // Requests of each caller: answered 2xx, 4xx and 403 alike, each is logged.
  for (let i = 0; i < 3; i++)
    expect((await as('a').get(`/api/v1/mail/status/a-${i}`)).status).toBeGreaterThanOrEqual(400);
  expect((await as('a').post('/api/v1/mail/send', { to: uniqueAddress('a'), subject: 'A', text: 'Hi' })).status).toBe(
    200,
  );
  expect((await as('a').get('/api/v1/campaigns')).status).toBe(403);
  expect((await as('a2').get('/api/v1/stats')).status).toBe(200);
  for (let i = 0; i < 2; i++)
    expect((await as('b').get(`/api/v1/mail/status/b-${i}`)).status).toBeGreaterThanOrEqual(400);
  expect(
    (await resendAs('b').emails.send({ from: 'b@log.example.com', to: uniqueAddress('b'), subject: 'B', text: 'Hi' }))
      .error,
  ).toBeNull();
  // The account's own requests, one of them a send as tenant A: the account's, not A's (decision 0131).
  expect((await as('account').get('/api/v1/mail/status/acct-0')).status).toBeGreaterThanOrEqual(400);
  expect(
    (
      await as('account').post('/api/v1/mail/send', {
        to: uniqueAddress('acct'),
        subject: 'X',
        text: 'Hi',
        tenant: a.id,
      })
    ).status,
  ).toBe(200);
});
afterAll(() => service.close());

/** The account's whole log, by who made each request. */
const byCaller = async () => {
  const all = await listed(api, 100);
  const of = (caller: Caller) => all.filter((e) => e.user_agent === AGENTS[caller]).map((e) => e.id);
  return { all, a: [...of('a'), ...of('a2')].sort().reverse(), b: of('b'), account: of('account') };
};

describe("a tenant key's request log", () => {
  it("lists its tenant's keys' requests alone, newest first, across pages; the account's key lists all", async () => {
    const made = await byCaller();
    expect(made.a).toHaveLength(6);
    expect(made.b).toHaveLength(3);
    expect(made.account).toHaveLength(2);
    // Both of A's keys read the requests of both, in the account's order, two to a page.
    for (const key of ['a', 'a2'] as const) {
      const own = await listed(callers[key].api, 2);
      expect(own.map((e) => e.id)).toEqual(made.a);
      expect(own.every((e) => e.user_agent === AGENTS.a || e.user_agent === AGENTS.a2)).toBe(true);
    }
    expect((await listed(callers.b.api, 2)).map((e) => e.id)).toEqual(made.b);
    const everyone = made.all.map((e) => e.id);
    expect(everyone).toEqual(expect.arrayContaining([...made.a, ...made.b, ...made.account]));
    // Paged by the SDK's `after`, the same entries.
    expect((await listedWithSdk(resendAs('a'), 4)).map((e) => e.id)).toEqual(made.a);
    expect((await listedWithSdk(resendAs('b'), 2)).map((e) => e.id)).toEqual(made.b);
  });

  it("filters its tenant's entries alone, across pages", async () => {
    const made = await byCaller();
    const refusedOfA = made.all
      .filter((e) => made.a.includes(e.id) && Number((e as { response_status?: number }).response_status) >= 400)
      .map((e) => e.id);
    // A's three unknown statuses and its 403: the account's and B's refusals are not A's.
    expect(refusedOfA).toHaveLength(4);
    const filtered: string[] = [];
    let cursor: string | null = null;
    do {
      const page: ApiAnswer = await callers.a.api.get(
        `/api/v1/logs?limit=1&status=4xx${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(page.status).toBe(200);
      filtered.push(...page.body.data.logs.map((e: Entry) => e.id));
      cursor = page.body.data.next_cursor;
    } while (cursor);
    expect(filtered).toEqual(refusedOfA);
  });

  it("reads its tenant's entries with their bodies; another tenant's and the account's are 404", async () => {
    const made = await byCaller();
    const sendOfA = made.all.find((e) => e.user_agent === AGENTS.a && e.endpoint === '/api/v1/mail/send')!;
    const read = await callers.a2.api.get(`/api/v1/logs/${sendOfA.id}`);
    expect(read.status).toBe(200);
    // The send's subject is read back from its message's kept body, for the tenant's key too.
    expect(read.body.data.request_body).toMatchObject({ subject: 'A', text: 'Hi' });
    expect(JSON.stringify(read.body.data.request_body)).not.toContain(KEPT);
    expect((await resendAs('a').logs.get(sendOfA.id)).data?.id).toBe(sendOfA.id);
    for (const other of [...made.b, ...made.account]) {
      expect((await callers.a.api.get(`/api/v1/logs/${other}`)).status).toBe(404);
      expect((await resendAs('a').logs.get(other)).error?.statusCode).toBe(404);
      // Nor is it an anchor of A's pages: refused as an id of no entry is.
      expect((await resendAs('a').logs.list({ after: other })).error?.statusCode).toBe(422);
    }
    for (const own of made.a.slice(0, 2)) expect((await callers.b.api.get(`/api/v1/logs/${own}`)).status).toBe(404);
    // The account's key reads every one.
    for (const id of [made.a[0], made.b[0], made.account[0]])
      expect((await api.get(`/api/v1/logs/${id}`)).status).toBe(200);
  });

  it("costs a page of reads: one Query of the tenant's own partition and one read of the page's entries", async () => {
    const recorder = recordTableRequests();
    recorder.take();
    const page = await callers.a.api.get('/api/v1/logs?limit=2');
    expect(page.body.data.logs).toHaveLength(2);
    const made = recorder.take().filter((r) => r.leadingKeys.some((k) => k.startsWith('REQLOG#')));
    expect(made).toEqual([
      { action: 'Query', leadingKeys: [`REQLOG#${accountId}#T#${a.id}`], index: 'gsi6' },
      { action: 'BatchGetItem', leadingKeys: [`REQLOG#${accountId}`, `REQLOG#${accountId}`] },
    ]);
  });
});
