/**
 * Where `npm run console` writes the built console (committed, like the reference page:
 * docs/decisions/0081-console-built-and-committed.md).
 */
export const CONSOLE_DIST = 'console/dist/';

/**
 * The web console: a page that signs in with an API key and calls this API from the browser. Public
 * (the page and its scripts hold no secret; every call it makes carries the user's key), read from
 * the files `npm run console` built and the stack ships beside the function.
 */
export const consoleRoute = { tag: 'Console', method: 'GET', permission: null, files: [CONSOLE_DIST] } as const;
