import { RESEND_PREFIX } from './resend-errors';

/**
 * The parts of Resend's API the service does not have (docs/promises.md "Resend-compatible API"), by the
 * paths its SDK calls them on. Each answers Resend's 404 `not_found` to every method, even where a path
 * meets a route's (`POST /domains/claim` meets `/domains/{id}`): a 405 would tell the caller the path
 * exists.
 */
const unanswered = (area: string) => `This service does not answer Resend's ${area}`;
const UNANSWERED: readonly { message: string; path: RegExp }[] = [
  { message: unanswered('OAuth grants'), path: /^\/oauth(\/|$)/ },
  { message: unanswered('inboxes'), path: /^\/inboxes(\/|$)/ },
  { message: unanswered('domain claims'), path: /^\/domains\/(claim$|[^/]+\/claim(\/|$))/ },
  { message: unanswered('shared emails'), path: /^\/emails\/[^/]+\/share$/ },
  // The attachments of sent mail leave with it: only while queued are they kept (docs/decisions/0109).
  {
    message: 'This service does not keep the attachments of sent mail once it has left',
    path: /^\/emails\/[^/]+\/attachments(\/|$)/,
  },
];

/** The not_found message of a path under /resend in a part the service does not answer, if it is one. */
export const unansweredResendMessage = (path: string): string | undefined => {
  if (!path.startsWith(`${RESEND_PREFIX}/`)) return undefined;
  const rest = path.slice(RESEND_PREFIX.length);
  return UNANSWERED.find((entry) => entry.path.test(rest))?.message;
};
