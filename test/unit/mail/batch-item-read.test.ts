import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { batchItemCheck } from '../../../functions/http/template-mail';
import { batchItem, sendMailRequest } from '../../../functions/schemas/mail';
import { memoryTemplateStore } from '../memory/templates';
import { ACCOUNT } from '../memory/world';

/**
 * The edge's read of a batch item (functions/http/template-mail.ts): each item is parsed by zod once
 * into the mail the use case accepts, and read once per request however often it is asked for.
 */

const TEMPLATE = '00000000-0000-4000-8000-000000000001';
const templates = memoryTemplateStore();
let parses: { request: number; item: number };

beforeEach(async () => {
  await templates.delete({ account_id: ACCOUNT, id: TEMPLATE } as never);
  await templates.create({
    id: TEMPLATE,
    account_id: ACCOUNT,
    name: 'Welcome',
    subject: 'Hi {{name}}',
    html: null,
    text: 'Hello {{name}}',
    variables: ['name'],
    seq: 1,
    created_at: '2026-11-26T09:00:00.000Z',
    updated_at: '2026-11-26T09:00:00.000Z',
  });
  parses = { request: 0, item: 0 };
  const request = sendMailRequest.safeParse.bind(sendMailRequest);
  const item = batchItem.safeParse.bind(batchItem);
  vi.spyOn(sendMailRequest, 'safeParse').mockImplementation((...args) => {
    parses.request++;
    return request(...args);
  });
  vi.spyOn(batchItem, 'safeParse').mockImplementation((...args) => {
    parses.item++;
    return item(...args);
  });
});
afterEach(() => {
  vi.restoreAllMocks();
});

const noContacts = {
  contacts: { findByEmail: async () => undefined, findByEmails: async () => [] },
  contactProperties: { all: async () => [] },
};
const checkOf = (items: Record<string, unknown>[]) => batchItemCheck({ templates, ...noContacts }, ACCOUNT, items);

describe('a batch item read at the edge', () => {
  it('is parsed once when it is a plain mail', async () => {
    const raw = { to: 'r@example.org', subject: 'Hello', text: 'Hi', cc: ['c@example.org'] };
    const check = await checkOf([raw]);
    expect(check(raw)).toEqual({ ok: true, item: raw });
    expect(parses).toEqual({ request: 0, item: 1 });
  });

  it('is read once per request, however often it is asked for (strict mode, then the send)', async () => {
    const plain = { to: 'r@example.org', subject: 'Hello', text: 'Hi' };
    const templated = { to: 't@example.org', template_id: TEMPLATE, variables: { name: 'Ann' } };
    const check = await checkOf([plain, templated]);
    const first = [check(plain), check(templated)];
    const before = { ...parses };
    expect([check(plain), check(templated)]).toEqual(first);
    expect(check(templated)).toBe(first[1]);
    expect(parses).toEqual(before);
    expect(first[1]).toEqual({ ok: true, item: { to: 't@example.org', subject: 'Hi Ann', text: 'Hello Ann' } });
  });

  it('answers the request schema’s problems, as it always did, when it is invalid', async () => {
    const items = [
      { to: 'r@example.org', text: 'Hi' },
      { to: 'r@example.org', subject: 'Hello', text: 'Hi', variables: { a: 1 } },
      { to: 'not an address', subject: 'Hello', text: 'Hi' },
    ];
    const check = await checkOf(items);
    expect(items.map((raw) => check(raw))).toEqual([
      { ok: false, message: 'subject: A subject is required (or a template_id)' },
      { ok: false, message: 'variables: variables needs a template_id' },
      { ok: false, message: expect.stringMatching(/^to: /) },
    ]);
  });

  it('still holds a plain item to the mail’s own rules (recipients, size)', async () => {
    const raw = {
      to: 'r@example.org',
      subject: 'Hello',
      text: 'Hi',
      cc: Array.from({ length: 30 }, (_, i) => `c${i}@example.org`),
      bcc: Array.from({ length: 30 }, (_, i) => `b${i}@example.org`),
    };
    const check = await checkOf([raw]);
    expect(check(raw)).toEqual({ ok: false, message: expect.stringMatching(/^cc: .*at most 50 recipients/) });
  });
});
