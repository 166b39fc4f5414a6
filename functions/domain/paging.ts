import { InvalidCursorError, type PageOf, type PageRequest } from '../ports';
import { validationError } from './errors';

const badCursor = (message: string) => validationError([{ field: 'cursor', message }]);

/** Reads a page whose cursor the store checks: a cursor it did not issue is a 400 on `cursor`, never the first page. */
export const withIssuedCursor = async <T>(read: () => Promise<T>): Promise<T> => {
  try {
    return await read();
  } catch (error) {
    if (error instanceof InvalidCursorError) throw badCursor(error.reason);
    throw error;
  }
};

/**
 * One page of a paged listing (subscribers, bounces). A cursor is an alternative to an offset, and
 * it must be one this listing issued: anything else is a 400 on `cursor`, never the first page.
 */
export const readPage = async <T>(page: PageRequest, read: (page: PageRequest) => Promise<PageOf<T>>) => {
  if (page.cursor !== undefined && page.offset > 0) throw badCursor('Use either offset or cursor, not both');
  return withIssuedCursor(() => read(page));
};

/** For listings paged in memory by offset alone, which never issue a cursor. */
export const refuseCursor = (page: PageRequest) => {
  if (page.cursor !== undefined) throw badCursor('This listing pages by offset and issues no cursor');
};
