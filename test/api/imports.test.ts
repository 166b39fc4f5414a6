import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runJobs } from '../support/jobs';
import {
  client,
  keyWith,
  newAccount,
  startService,
  uniqueAddress,
  type Client,
  type TestService,
} from '../support/service';

/** Bulk import of a CSV file into a list, through the job queue. */
let service: TestService;
let api: Client;
let apiKey: string;
let accountId: string;
beforeAll(async () => {
  service = await startService();
  ({ accountId } = await newAccount('Imports'));
  apiKey = await keyWith(accountId, ['subscribers', 'mail', 'admin'], 100_000);
  api = client(service, apiKey);
});
afterAll(() => service.close());

const upload = async (listId: string, csv: string, type = 'text/csv', key = apiKey) => {
  const response = await fetch(`${service.baseUrl}/api/v1/lists/${listId}/import`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${key}`, 'Content-Type': type },
    body: csv,
  });
  return { status: response.status, body: (await response.json()) as any };
};
const newList = async () =>
  (await api.post('/api/v1/lists', { name: `Import ${Math.random()}` })).body.data.id as string;

describe('POST /api/v1/lists/{id}/import', () => {
  it('imports the good rows, counts duplicates and suppressed ones, reports the rejected with reasons', async () => {
    const listId = await newList();
    const existing = uniqueAddress('existing');
    await api.post('/api/v1/subscribers', { email: existing, list_id: listId });
    const suppressed = uniqueAddress('suppressed');
    await api.post('/api/v1/suppressions', { email: suppressed });
    const [ada, grace] = [uniqueAddress('ada'), uniqueAddress('grace')];
    const csv = [
      'email,name,plan,city',
      `${ada},Ada Lovelace,pro,London`,
      `"${grace}","Hopper, Grace",free,`,
      'not-an-address,Nobody,free,Paris',
      `${ada.toUpperCase()},Ada again,pro,London`,
      `${existing},Already here,,`,
      `${suppressed},Suppressed,,`,
      `${uniqueAddress('wide')},Too,many,fields,here`,
      '',
    ].join('\r\n');
    const started = await upload(listId, csv);
    expect(started.status).toBe(202);
    expect(started.body.data).toMatchObject({
      list_id: listId,
      status: 'queued',
      total: 7,
      imported: 0,
      duplicates: 1,
      rejected: 2,
      processed: 3,
    });
    expect(started.body.data.rejected_rows).toEqual([
      { row: 3, email: 'not-an-address', reason: 'email: Invalid email address' },
      { row: 7, email: expect.stringContaining('wide'), reason: 'The row has 5 fields; the header names 4' },
    ]);
    await runJobs();
    const done = (await api.get(`/api/v1/imports/${started.body.data.id}`)).body.data;
    expect(done).toMatchObject({
      status: 'done',
      total: 7,
      imported: 2,
      duplicates: 2,
      suppressed: 1,
      rejected: 2,
      processed: 7,
      finished_at: expect.stringMatching(/Z$/),
    });

    const subscribers = (await api.get(`/api/v1/subscribers?list_id=${listId}&limit=100`)).body.data;
    expect(subscribers.total).toBe(3);
    const byEmail = Object.fromEntries(subscribers.subscribers.map((s: any) => [s.email, s]));
    expect(byEmail[ada]).toMatchObject({
      name: 'Ada Lovelace',
      status: 'subscribed',
      metadata: { plan: 'pro', city: 'London' },
    });
    expect(byEmail[grace]).toMatchObject({ name: 'Hopper, Grace', metadata: { plan: 'free' } });
    expect((await api.get(`/api/v1/lists/${listId}`)).body.data.subscriber_count).toBe(3);
    // Imported addresses are unique in the list like any other.
    expect((await api.post('/api/v1/subscribers', { email: grace, list_id: listId })).status).toBe(409);
  });

  it('runs in chunks, with progress visible between them, and keeps only the first 100 rejected rows', async () => {
    const listId = await newList();
    const good = Array.from({ length: 1200 }, (_, i) => `bulk${i}-${listId.slice(0, 8)}@example.com,Reader ${i}`);
    const bad = Array.from({ length: 150 }, (_, i) => `bad${i},x`);
    const started = (await upload(listId, ['email,name', ...good, ...bad].join('\n'))).body.data;
    expect(started).toMatchObject({ total: 1350, rejected: 150, status: 'queued' });
    expect(started.rejected_rows).toHaveLength(100);
    const { runJob } = await import('../../functions/handlers/jobs');
    // The first chunk alone, as the job queue runs it: the counts move while the rest waits.
    await runJob({ kind: 'import', account_id: accountId, import_id: started.id, chunk: 0 });
    const midway = (await api.get(`/api/v1/imports/${started.id}`)).body.data;
    expect(midway).toMatchObject({ status: 'running', imported: 1000 });
    await runJobs();
    const done = (await api.get(`/api/v1/imports/${started.id}`)).body.data;
    expect(done).toMatchObject({ status: 'done', imported: 1200, processed: 1350 });
    expect((await api.get(`/api/v1/lists/${listId}`)).body.data.subscriber_count).toBe(1200);
  }, 120_000);

  it('refuses what is not a CSV import it can read', async () => {
    const listId = await newList();
    expect((await upload(listId, 'email\na@example.com', 'application/json')).body.error.code).toBe(
      'UNSUPPORTED_MEDIA_TYPE',
    );
    expect((await upload(listId, 'name,email\nx,a@example.com')).body.error.code).toBe('VALIDATION_ERROR');
    expect((await upload(listId, 'email,name,__proto__\na@example.com,x,y')).status).toBe(400);
    expect((await upload(listId, '')).status).toBe(400);
    expect((await upload('00000000-0000-4000-8000-000000000000', 'email\na@example.com')).status).toBe(404);
    expect((await api.get('/api/v1/imports/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    const tooMany = `email\n${'a@example.com\n'.repeat(100_001)}`;
    expect((await upload(listId, tooMany)).status).toBe(413);
  });

  it('another account sees nothing of it', async () => {
    const listId = await newList();
    const started = (await upload(listId, `email\n${uniqueAddress()}`)).body.data;
    const other = await newAccount('Other');
    expect((await client(service, other.apiKey).get(`/api/v1/imports/${started.id}`)).status).toBe(404);
    expect((await upload(listId, `email\n${uniqueAddress()}`, 'text/csv', other.apiKey)).status).toBe(404);
  });
});
