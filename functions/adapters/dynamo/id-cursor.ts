import { InvalidCursorError } from '../../ports';

/**
 * The cursor of a list paged by id (domains, inbound mail): the id of the last item of the page it
 * follows, base64url. Ids are UUIDs, so anything that decodes to something else is not ours: a 400,
 * never a Query started from a key the caller made up.
 */
const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export const encodeIdCursor = (id: string) => Buffer.from(id).toString('base64url');

export const decodeIdCursor = (cursor: string) => {
  const id = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!ID.test(id)) throw new InvalidCursorError('Not a cursor this service issued');
  return id;
};
