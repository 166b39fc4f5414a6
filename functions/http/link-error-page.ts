import { AppError, ExpiredLinkError } from '../domain/errors';
import type { StoredResponse } from '../ports';
import { httpStatus } from './error-status';
import { HTML_HEADERS, page } from './unsubscribe-page';

/**
 * Whether a request to a reader's link gets the page rather than the envelope: a browser (it asks for
 * text/html), a mail scanner or curl (`*` / nothing) do; an API client that asks for JSON and not HTML
 * keeps the envelope. The header is split on commas, never matched with a pattern.
 */
export const wantsPage = (accept: string | undefined) => {
  const types = (accept ?? '').split(',').map((part) => part.split(';')[0]!.trim().toLowerCase());
  return types.includes('text/html') || !types.includes('application/json');
};

const WHAT_TO_DO =
  '<p>Open the link again from the mail, whole (a mail program can cut a long link short), or ask the sender for a ' +
  'new one.</p>';

/**
 * The reader's page for an error on a link from mail, in the unsubscribe pages' frame: 410 for a link
 * past its time, the error's own status for anything else the link or the request got wrong (a forged
 * or altered link, a subscription gone: 404), and a neutral page for an unexpected failure (500, its
 * cause in the log as on every route).
 */
export const linkErrorPage = (error: unknown): StoredResponse & { headers: Record<string, string> } => {
  if (error instanceof ExpiredLinkError) {
    return {
      status: 410,
      body: page(
        'This link has expired',
        '<p>Confirmation links work for a limited time, and this one is past it.</p><p>Ask the sender for a new ' +
          'one: signing up again sends a new confirmation mail.</p>',
      ),
      headers: HTML_HEADERS,
    };
  }
  if (error instanceof AppError && httpStatus(error) < 500) {
    return {
      status: httpStatus(error),
      body: page(
        'This link is not valid',
        `<p>It does not name anything here any more, or it was changed on its way to you.</p>${WHAT_TO_DO}`,
      ),
      headers: HTML_HEADERS,
    };
  }
  return {
    status: 500,
    body: page('Something went wrong', '<p>Please try the link again in a few minutes.</p>'),
    headers: HTML_HEADERS,
  };
};
