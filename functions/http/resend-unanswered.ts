import { RESEND_PREFIX } from './resend-errors';

/**
 * The parts of Resend's API the service does not have (docs/promises.md "Resend-compatible API"), by the
 * paths its SDK calls them on. Each answers Resend's 404 `not_found` to every method, even where a path
 * meets a route's (`POST /domains/claim` meets `/domains/{id}`): a 405 would tell the caller the path
 * exists.
 */
const UNANSWERED: readonly { area: string; path: RegExp }[] = [
  { area: 'OAuth grants', path: /^\/oauth(\/|$)/ },
  { area: 'inboxes', path: /^\/inboxes(\/|$)/ },
  { area: 'domain claims', path: /^\/domains\/(claim$|[^/]+\/claim(\/|$))/ },
  { area: 'shared emails', path: /^\/emails\/[^/]+\/share$/ },
];

/** The unanswered area a path under /resend belongs to, if any. */
export const unansweredResendArea = (path: string): string | undefined => {
  if (!path.startsWith(`${RESEND_PREFIX}/`)) return undefined;
  const rest = path.slice(RESEND_PREFIX.length);
  return UNANSWERED.find((entry) => entry.path.test(rest))?.area;
};
