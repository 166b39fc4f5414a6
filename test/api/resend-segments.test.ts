import type { Resend } from 'resend';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, uniqueAddress, type Client, type TestService } from '../support/service';
import { resendAccount } from '../support/resend-account';

/**
 * Resend's `segments` (and `audiences`, its older name) through the official SDK, unchanged, against the
 * service: a segment is a list, read natively, and a list made natively is a segment.
 */
let service: TestService;
let resend: Resend;
let native: Client;
let foreign: Resend;
let key: string;

beforeAll(async () => {
  service = await startService();
  ({ key, native, resend, foreign } = await resendAccount(service, 'Resend segments', ['subscribers', 'campaigns']));
});
afterAll(() => service.close());

describe('segments through the SDK', () => {
  it('create, update, get, list (paged), remove: each a list, read natively; a native list is a segment', async () => {
    const created = await resend.segments.create({ name: 'Old name' });
    expect(created.error).toBeNull();
    const id = created.data!.id;
    expect(created.data).toEqual({ object: 'segment', id, name: 'Old name' });
    expect((await native.get(`/api/v1/lists/${id}`)).body.data).toMatchObject({ id, name: 'Old name' });

    const renamed = await resend.segments.update(id, { name: 'Readers' });
    expect(renamed).toEqual({ data: { object: 'segment', id }, error: null, headers: expect.anything() });
    const got = await resend.segments.get(id);
    expect(got.data).toEqual({ object: 'segment', id, name: 'Readers', created_at: expect.stringMatching(/Z$/) });
    const nativeList = (await native.post('/api/v1/lists', { name: 'Native' })).body.data.id as string;
    const third = (await resend.segments.create({ name: 'Third' })).data!.id;

    const first = await resend.segments.list({ limit: 2 });
    expect(first.error).toBeNull();
    expect(first.data).toEqual({
      object: 'list',
      has_more: true,
      data: [expect.objectContaining({ id: third, name: 'Third' }), expect.objectContaining({ id: nativeList })],
    });
    const next = await resend.segments.list({ limit: 2, after: nativeList });
    expect(next.data?.data.map((s) => s.id)).toEqual([id]);
    expect(next.data?.has_more).toBe(false);

    // A contact added to the segment is a member of the list.
    const email = uniqueAddress('member');
    expect((await resend.contacts.create({ email, segments: [{ id }] })).error).toBeNull();
    expect((await native.get(`/api/v1/subscribers?list_id=${id}`)).body.data.subscribers).toEqual([
      expect.objectContaining({ email }),
    ]);

    expect((await foreign.segments.get(id)).error).toMatchObject({ statusCode: 404, name: 'not_found' });
    expect((await foreign.segments.remove(id)).error).toMatchObject({ statusCode: 404, name: 'not_found' });
    const removed = await resend.segments.remove(id);
    expect(removed.data).toEqual({ object: 'segment', id, deleted: true });
    expect((await native.get(`/api/v1/lists/${id}`)).status).toBe(404);
    expect((await resend.segments.get(id)).error).toMatchObject({ statusCode: 404, name: 'not_found' });
    // The contact stays: a segment's deletion removes memberships, never people.
    expect((await resend.contacts.get({ email })).data?.email).toBe(email);
  });

  it('a bad name is 422 validation_error naming it; an unknown anchor 422', async () => {
    const answer = await resend.segments.create({ name: '' });
    expect(answer.error).toMatchObject({
      statusCode: 422,
      name: 'validation_error',
      message: expect.stringContaining('name'),
    });
    expect((await resend.segments.list({ after: crypto.randomUUID() })).error).toMatchObject({
      statusCode: 422,
      name: 'validation_error',
    });
  });
});

describe('audiences (the older SDKs: /audiences)', () => {
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${service.baseUrl}/resend${path}`, {
      method,
      headers: { Authorization: `Bearer ${key}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: response.status, body: (await response.json()) as any };
  };

  it('create, get, list, remove as audiences, the same lists', async () => {
    const created = await call('POST', '/audiences', { name: 'Old style' });
    expect(created.status).toBe(201);
    const id = created.body.id;
    expect(created.body).toEqual({ object: 'audience', id, name: 'Old style' });
    expect((await call('GET', `/audiences/${id}`)).body).toEqual({
      object: 'audience',
      id,
      name: 'Old style',
      created_at: expect.any(String),
    });
    expect((await resend.segments.get(id)).data?.name).toBe('Old style');
    const listed = await call('GET', '/audiences?limit=100');
    expect(listed.body.object).toBe('list');
    expect(listed.body.data.map((a: { id: string }) => a.id)).toContain(id);
    expect((await call('DELETE', `/audiences/${id}`)).body).toEqual({ object: 'audience', id, deleted: true });
    expect((await call('GET', `/audiences/${id}`)).status).toBe(404);
  });
});
