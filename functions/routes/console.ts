import * as z from 'zod/mini';
import { defineRoute, type RouteDefinition } from './define-route';

/** Where `npm run console` writes the built console (committed, like the reference page: docs/decisions.md). */
export const CONSOLE_DIST = 'console/dist/';

/**
 * The web console: a page that signs in with an API key and calls this API from the browser. Public
 * (the page and its scripts hold no secret; every call it makes carries the user's key), read from
 * the files `npm run console` built and the stack ships beside the function.
 */
const consoleRoute = { tag: 'Console', method: 'GET', permission: null, files: [CONSOLE_DIST] } as const;

export const consolePage = defineRoute({
  ...consoleRoute,
  id: 'console-page',
  path: '/console',
  summary:
    'The web console (HTML): sign in with an API key; every script, style and image it loads comes from this service (Content-Security-Policy)',
  rawResponse: 'text/html',
});

export const consoleAsset = defineRoute({
  ...consoleRoute,
  id: 'console-asset',
  path: '/console/{file}',
  summary:
    "A file of the web console (script, style sheet, icon), named by its content's hash, so it may be cached for ever",
  request: { params: z.object({ file: z.string().check(z.minLength(1), z.maxLength(200)) }) },
  rawResponse: ['text/javascript', 'text/css', 'image/svg+xml'],
  errors: ['NOT_FOUND'],
});

export const consoleRoutes: readonly RouteDefinition[] = [consolePage, consoleAsset];
