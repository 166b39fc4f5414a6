import { InvalidCursorError } from '../../ports';

/**
 * The cursor of a list paged by id (domains, inbound mail, contacts, an endpoint's events): the id of
 * the last item of the page it follows, base64url. Ids have a known form (UUIDs unless the list says),
 * so anything that decodes to something else is not ours: a 400, never a Query started from a key the
 * caller made up.
 */
const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export const encodeIdCursor = (id: string) => Buffer.from(id).toString('base64url');

/** The id a cursor names; `pattern` is the list's id form (UUIDs unless said, e.g. webhook events' `evt_...`). */
export const decodeIdCursor = (cursor: string, pattern: RegExp = ID) => {
  const id = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!pattern.test(id)) throw new InvalidCursorError('Not a cursor this service issued');
  return id;
};
