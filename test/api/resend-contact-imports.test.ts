import type { Resend } from 'resend';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runJobs } from '../support/jobs';
import { startService, uniqueAddress, type Client, type TestService } from '../support/service';
import { resendAccount } from '../support/resend-account';

/**
 * docs/promises.md "Resend-compatible API", `contacts.imports`: the official `resend` package sends its
 * multipart form unchanged; an import into a segment is a list import, its people contacts.
 */
let service: TestService;
let resend: Resend;
let native: Client;
let foreign: Resend;
let key: string;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const csvFile = (text: string) => new Blob([text], { type: 'text/csv' });

beforeAll(async () => {
  service = await startService();
  ({ native, resend, foreign, key } = await resendAccount(service, 'Resend imports', ['subscribers']));
});
afterAll(() => service.close());

const newSegment = async (name: string) => (await native.post('/api/v1/lists', { name })).body.data.id as string;

describe('contacts.imports through the SDK', () => {
  it('create, get and list: its rows become contacts with their names and members of the segment', async () => {
    const segmentId = await newSegment('Imported');
    const ada = uniqueAddress('ada');
    const grace = uniqueAddress('grace');
    const known = uniqueAddress('known');
    expect((await resend.contacts.create({ email: known, firstName: 'Kept' })).error).toBeNull();
    const file = csvFile(
      `Mail,Given,Family,plan\r\n${ada},Ada,Lovelace,pro\r\n"${grace}",Grace,"Hopper, Rear Adm.",free\r\n` +
        `${known},Changed,,\r\nnot-an-address,X,,\r\n${ada.toUpperCase()},Again,,\r\n`,
    );
    const created = await resend.contacts.imports.create({
      file,
      columnMap: { email: 'Mail', firstName: 'Given', lastName: 'Family' },
      segments: [{ id: segmentId }],
    });
    expect(created.error).toBeNull();
    expect(created.data).toEqual({ object: 'contact_import', id: expect.stringMatching(UUID) });
    const id = created.data!.id;
    expect((await resend.contacts.imports.get(id)).data).toMatchObject({ object: 'contact_import', status: 'queued' });

    await runJobs();
    const got = await resend.contacts.imports.get(id);
    expect(got.error).toBeNull();
    expect(got.data).toEqual({
      object: 'contact_import',
      id,
      status: 'completed',
      created_at: expect.stringMatching(/Z$/),
      completed_at: expect.stringMatching(/Z$/),
      counts: { total: 5, created: 3, updated: 0, skipped: 1, failed: 1 },
    });
    // New people are contacts with their names; a contact the account had is kept as it was.
    expect((await resend.contacts.get({ email: ada })).data).toMatchObject({
      first_name: 'Ada',
      last_name: 'Lovelace',
    });
    expect((await resend.contacts.get({ email: grace })).data).toMatchObject({ last_name: 'Hopper, Rear Adm.' });
    expect((await resend.contacts.get({ email: known })).data).toMatchObject({ first_name: 'Kept' });
    // Each is a member of the segment, read through the subscriber routes too.
    const members = (await native.get(`/api/v1/subscribers?list_id=${segmentId}`)).body.data.subscribers;
    expect(members.map((s: { email: string }) => s.email).sort()).toEqual([ada, grace, known].sort());
    expect(members.find((s: { email: string }) => s.email === ada).name).toBe('Ada Lovelace');
    expect((await native.get(`/api/v1/imports/${id}`)).body.data).toMatchObject({ list_id: segmentId, imported: 3 });

    // Listed newest first, paged by ids; `status` keeps one status.
    const second = await resend.contacts.imports.create({
      file: csvFile(`email\n${uniqueAddress('later')}\n`),
      segments: [{ id: segmentId }],
    });
    const listed = await resend.contacts.imports.list({ limit: 1 });
    expect(listed.error).toBeNull();
    expect(listed.data).toMatchObject({ object: 'list', has_more: true, data: [{ id: second.data!.id }] });
    const next = await resend.contacts.imports.list({ limit: 5, after: second.data!.id });
    expect(next.data).toMatchObject({ has_more: false, data: [{ id, status: 'completed' }] });
    expect((await resend.contacts.imports.list({ status: 'queued' })).data?.data.map((i) => i.id)).toEqual([
      second.data!.id,
    ]);
    const natively = await native.get('/api/v1/imports?limit=10');
    expect(natively.body.data.imports.map((i: { id: string }) => i.id)).toEqual([second.data!.id, id]);
    // Another account sees none of them.
    expect((await foreign.contacts.imports.get(id)).error).toMatchObject({ statusCode: 404, name: 'not_found' });
    expect((await foreign.contacts.imports.list()).data?.data).toEqual([]);
    await runJobs();
  });

  it('refuses what it would not import as asked: 4xx in Resend’s shape naming the field, nothing written', async () => {
    const segmentId = await newSegment('Refused');
    const file = csvFile(`email\n${uniqueAddress('refused')}\n`);
    const before = (await resend.contacts.imports.list()).data?.data;
    const refused = [
      [{ file, segments: [] }, 'segments'],
      [{ file }, 'segments'],
      [{ file, segments: [{ id: segmentId }], onConflict: 'upsert' as const }, 'on_conflict'],
      [{ file, segments: [{ id: segmentId }], topics: [{ id: segmentId, subscription: 'opt_in' as const }] }, 'topics'],
      [{ file, segments: [{ id: segmentId }], columnMap: { unsubscribed: 'u' } }, 'unsubscribed'],
      [{ file, segments: [{ id: segmentId }], columnMap: { properties: { plan: { column: 'plan' } } } }, 'properties'],
      [{ file, segments: [{ id: segmentId }], columnMap: { email: 'address' } }, 'address'],
      [{ file: csvFile(''), segments: [{ id: segmentId }] }, 'empty'],
    ] as const;
    for (const [payload, named] of refused) {
      const answer = await resend.contacts.imports.create(
        payload as Parameters<Resend['contacts']['imports']['create']>[0],
      );
      expect(answer.error, named).toMatchObject({ statusCode: 422, message: expect.stringContaining(named) });
    }
    const unknown = await resend.contacts.imports.create({ file, segments: [{ id: crypto.randomUUID() }] });
    expect(unknown.error).toMatchObject({ statusCode: 404, name: 'not_found' });
    // A body that is no form.
    const raw = await fetch(`${service.baseUrl}/resend/contacts/imports`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'text/csv' },
      body: 'email\na@example.com\n',
    });
    expect(raw.status).toBe(415);
    const broken = await fetch(`${service.baseUrl}/resend/contacts/imports`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'multipart/form-data; boundary=x' },
      body: '--x\r\nContent-Disposition: form-data; name="file"\r\n\r\nemail\r\n',
    });
    expect(broken.status).toBe(422);
    expect((await resend.contacts.imports.list()).data?.data).toEqual(before);
    expect((await native.get(`/api/v1/subscribers?list_id=${segmentId}`)).body.data.subscribers).toEqual([]);
  });
});
