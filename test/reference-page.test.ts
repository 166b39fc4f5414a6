import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../functions/routes';
import { startService, type TestService } from './support/service';

/** Debian's chromium (CI installs it through apt in .ci/run); CHROMIUM names another one. */
const chromium = [process.env.CHROMIUM, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find(
  (path): path is string => !!path && existsSync(path),
);
const NO_CHROMIUM = 'SKIPPED: chromium is not installed (apt-get install chromium; .ci/run installs it)';

/** The text of a dumped DOM: no script or style, tags dropped, entities and whitespace folded. */
const textOf = (html: string) =>
  html
    .replace(/<(script|style)\b[\s\S]*?<\/\1>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

/**
 * Loads a URL in headless chromium and answers the DOM after its scripts ran, with the browser's
 * console (CSP reports, errors). No name resolves, so nothing but the local server can be reached.
 */
const render = async (url: string) => {
  const profile = mkdtempSync(join(tmpdir(), 'chromium-'));
  try {
    const { stdout, stderr } = await promisify(execFile)(
      chromium!,
      [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
        `--user-data-dir=${profile}`,
        '--enable-logging=stderr',
        '--v=0',
        '--virtual-time-budget=10000',
        '--dump-dom',
        url,
      ],
      { maxBuffer: 64 * 1024 * 1024, timeout: 60_000 },
    );
    return { dom: stdout, console: stderr };
  } finally {
    rmSync(profile, { recursive: true, force: true });
  }
};

let service: TestService;
beforeAll(async () => {
  if (chromium) service = await startService();
});
afterAll(() => service?.close());

describe('GET /api/v1/docs in a browser', () => {
  it.skipIf(!chromium)(
    `renders the reference page from the local server, offline, with every mail, OTP and subscriber ` +
      `operation${chromium ? '' : ` (${NO_CHROMIUM})`}`,
    async () => {
      // Redoc shows one tag per page (hash routes); each is rendered by the page's own script.
      const pages = { Mail: '#/mail', OTP: '#/otp', Subscribers: '#/subscribers' };
      const rendered = await Promise.all(
        Object.values(pages).map((hash) => render(`${service.baseUrl}/api/v1/docs${hash}`)),
      );
      Object.keys(pages).forEach((tag, index) => {
        const { dom, console } = rendered[index];
        const text = textOf(dom);
        const summaries = routes.filter((route) => route.tag === tag).map((route) => route.summary);
        expect(summaries.length, tag).toBeGreaterThan(0);
        for (const summary of summaries) expect(text, `${tag}: ${summary}`).toContain(summary);
        // The script ran: the server-rendered "Loading..." became the search box.
        expect(text).toContain('Search');
        expect(text).not.toContain('Loading...');
        expect(console).not.toMatch(/Uncaught/);
        // The policy blocks any load from elsewhere; all Redoc tries is its own logo.
        const blocked = [
          ...console.matchAll(/Loading the \w+ '([^']+)' violates the following Content Security Policy/g),
        ].map(([, url]) => url);
        expect(blocked.filter((url) => !url.startsWith('https://cdn.redoc.ly/redoc/logo-'))).toEqual([]);
      });
    },
    90_000,
  );
});

if (!chromium) console.warn(`test/reference-page.test.ts: ${NO_CHROMIUM}`);
