import * as z from 'zod/mini';

/** limit 1..100 (default 20), offset >= 0 (default 0), or a cursor from an earlier page. Out of range is a 400. */
export const pageQuery = {
  limit: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(100))),
  offset: z.optional(z.coerce.number().check(z.int(), z.gte(0))),
  // Cursors are base64url; the listing that issued one also checks that it is its own.
  cursor: z.optional(
    z.string().check(z.minLength(1), z.maxLength(200), z.regex(/^[A-Za-z0-9_-]+$/, 'Not a cursor this service issued')),
  ),
};

export const pageOf = (query: { limit?: number; offset?: number; cursor?: string }) => ({
  limit: query.limit ?? 20,
  offset: query.offset ?? 0,
  cursor: query.cursor,
});

export const pageFields = { total: z.int(), limit: z.int(), offset: z.int(), next_cursor: z.nullable(z.string()) };
