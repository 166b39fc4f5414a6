import { existsSync } from 'node:fs';
import { chromium as launcher, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../functions/routes';
import { startService, type TestService } from './support/service';

/**
 * The reference page in Debian's chromium (CI installs it through apt in .ci/run; CHROMIUM names another), driven
 * by playwright-core against the local server.
 */
const chromium = [process.env.CHROMIUM, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find(
  (path): path is string => !!path && existsSync(path),
);
const NO_CHROMIUM = 'SKIPPED: chromium is not installed (apt-get install chromium; .ci/run installs it)';

/** Redoc shows one tag per page, at a hash route named for the tag ("Provider receivers": #/provider-receivers). */
const TAGS = [...new Set(routes.map((route) => route.tag))];
const hashOf = (tag: string) => `#/${tag.toLowerCase().replace(/\s+/g, '-')}`;

let service: TestService;
let browser: Browser;
beforeAll(async () => {
  if (!chromium) return;
  service = await startService();
  browser = await launcher.launch({
    executablePath: chromium,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      // No name resolves: should the page ask another host, the request is recorded and fails.
      '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
    ],
  });
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await service?.close();
});

describe.skipIf(!chromium)(`GET /api/v1/docs in a browser${chromium ? '' : ` (${NO_CHROMIUM})`}`, () => {
  it("shows every operation by its summary on its tag's page, asks no other host for anything and logs no " +
    'console error', async () => {
    const page: Page = await browser.newPage();
    const requested: string[] = [];
    const errors: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    // A load the page's policy blocks is a console error too.
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(String(error)));
    // What a reader sees: the body's textContent holds the inlined script and the document's JSON besides.
    // biome-ignore lint/performance/useDomNodeTextContent: playwright's innerText, the rendered text
    const text = async () => (await page.locator('body').innerText()).replace(/\s+/g, ' ');

    await page.goto(`${service.baseUrl}/api/v1/docs`);
    // The page comes rendered; its script ran once the server-rendered "Loading..." became the search box.
    await page.getByText('Loading...').first().waitFor({ state: 'detached' });
    expect(await text()).toContain('Search');
    // Each tag's page, through Redoc's own routing (one load of the page's megabytes of script).
    for (const tag of TAGS) {
      await page.evaluate((hash) => {
        (globalThis as unknown as { location: { hash: string } }).location.hash = hash;
      }, hashOf(tag));
      const summaries = routes.filter((route) => route.tag === tag).map((route) => route.summary);
      for (const summary of summaries) await expect.poll(text, { timeout: 20_000 }).toContain(summary);
    }

    // Redoc's attribution keeps its logo, drawn from the page itself: mounted after the first render.
    const logo = page.locator('img[alt="redocly logo"]');
    await logo.waitFor({ state: 'attached' });
    await expect
      .poll(() => logo.evaluate((image) => (image as unknown as { naturalWidth: number }).naturalWidth))
      .toBeGreaterThan(0);
    await page.close();
    // The page itself, then only what it holds (Redoc's search worker is a blob, its images data: URLs).
    expect(requested[0]).toBe(`${service.baseUrl}/api/v1/docs`);
    expect(requested.filter((url) => !url.startsWith(`${service.baseUrl}/`) && !/^(data|blob):/.test(url))).toEqual([]);
    expect(errors).toEqual([]);
  }, 180_000);
});

if (!chromium) console.warn(`test/reference-page.test.ts: ${NO_CHROMIUM}`);
