import { describe, expect, it } from 'vitest';
import { pageNextTo, requireAnchored } from '../../../functions/domain/id-paging';
import { readPage } from '../../../functions/domain/paging';
import { InvalidCursorError } from '../../../functions/ports';

const ids = ['a', 'b', 'c', 'd', 'e'];
const page = (request: { limit: number; after?: string; before?: string }) => pageNextTo(ids, request, (id) => id);

describe("paging by ids (Resend's after and before)", () => {
  it.each([
    [{ limit: 2 }, ['a', 'b'], true],
    [{ limit: 5 }, ['a', 'b', 'c', 'd', 'e'], false],
    [{ limit: 2, after: 'a' }, ['b', 'c'], true],
    [{ limit: 2, after: 'c' }, ['d', 'e'], false],
    [{ limit: 2, after: 'e' }, [], false],
    [{ limit: 2, before: 'e' }, ['c', 'd'], true],
    [{ limit: 2, before: 'c' }, ['a', 'b'], false],
    [{ limit: 2, before: 'a' }, [], false],
  ])('%o answers %j (more: %s)', (request, items, more) => {
    expect(page(request)).toEqual({ items, has_more: more });
  });

  it('answers a 400 naming the parameter for an anchor that is no item of the list', () => {
    expect(page({ limit: 2, after: 'z' })).toBeUndefined();
    expect(() => requireAnchored(page({ limit: 2, before: 'z' }), { limit: 2, before: 'z' })).toThrow(
      expect.objectContaining({
        code: 'VALIDATION_ERROR',
        options: { details: [expect.objectContaining({ field: 'before' })] },
      }),
    );
  });
});

describe('paging by offset or cursor', () => {
  const read = async () => ({ items: [1], total: 1, next_cursor: null });

  it('refuses an offset and a cursor together', async () => {
    const both = readPage({ offset: 10, limit: 5, cursor: 'c' }, read);
    await expect(both).rejects.toMatchObject({ code: 'VALIDATION_ERROR' });
  });

  it('answers a cursor the store did not issue as a 400 on `cursor`, never the first page', async () => {
    const refuse = async () => Promise.reject(new InvalidCursorError('Not a cursor this service issued'));
    await expect(readPage({ offset: 0, limit: 5, cursor: 'forged' }, refuse)).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
      options: { details: [{ field: 'cursor', message: 'Not a cursor this service issued' }] },
    });
  });

  it('passes other failures through as they are', async () => {
    const fail = async () => Promise.reject(new Error('table unreachable'));
    await expect(readPage({ offset: 0, limit: 5 }, fail)).rejects.toThrow('table unreachable');
  });
});
