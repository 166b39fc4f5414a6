import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { gunzipSync } from 'node:zlib';
import { routes } from '../functions/routes';
import { apiMarkdown, clientTypes, openApiJson, referencePage, referencePageGzip } from '../scripts/docs';

type Operation = { operationId: string; summary: string; description: string };
const operations = () =>
  Object.values(JSON.parse(openApiJson()).paths as Record<string, Record<string, Operation>>).flatMap((methods) =>
    Object.values(methods),
  );

const checkedIn = (path: string) => readFileSync(new URL(`../${path}`, import.meta.url), 'utf8');

it('docs/api.md and docs/openapi.json match the route table (run `npm run docs` after changing routes)', () => {
  expect(checkedIn('docs/api.md')).toBe(apiMarkdown());
  expect(checkedIn('docs/openapi.json')).toBe(openApiJson());
});

const checkedInPage = () =>
  gunzipSync(readFileSync(new URL('../docs/reference.html.gz', import.meta.url))).toString('utf8');

it('docs/reference.html.gz is the page built from that document (run `npm run docs`)', () => {
  // Compared as a whole, not printed: the page is megabytes of inlined script.
  expect(checkedInPage() === referencePage(), 'docs/reference.html.gz is stale').toBe(true);
  expect(
    readFileSync(new URL('../docs/reference.html.gz', import.meta.url)).equals(referencePageGzip()),
    'the same page gzips to the same bytes',
  ).toBe(true);
});

it("the reference page carries everything it needs, may load nothing and has Redoc's telemetry off", () => {
  const page = checkedInPage();
  expect(page).toContain(
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'unsafe-inline'; style-src ` +
      `'unsafe-inline'; img-src data: blob:;`,
  );
  expect(page).toContain("connect-src 'none'");
  expect(page).not.toMatch(/<script[^>]+src=|<link[^>]+href=/);
  expect(page).toContain('"disableTelemetry":true');
});

it("every operation's summary is at most 80 characters of plain text; the detail is in its description", () => {
  // The summary is the reference page's sidebar entry and heading, shown as it is written: no markdown.
  const faulty = operations()
    .filter(({ summary }) => summary.length > 80 || /[`\n]|\*\*|\]\(/.test(summary) || summary !== summary.trim())
    .map(({ operationId, summary }) => `${operationId} (${summary.length}): ${summary}`);
  expect(faulty).toEqual([]);
  // A route's own description (what a long summary used to say) opens its operation's description.
  const described = routes.filter((route) => route.description);
  expect(described.length).toBeGreaterThan(0);
  const descriptions = new Map(operations().map(({ operationId, description }) => [operationId, description]));
  for (const route of described)
    expect(descriptions.get(route.id)?.startsWith(`${route.description}\n\n`), route.id).toBe(true);
});

/**
 * Every http(s) URL in the page, its inlined script included, that a browser would load: one at a CDN or other
 * asset host, or one naming a script, style sheet, image or font. Links the page shows (Redocly's site, the
 * examples' hosts) and the names in its script's source (licences, error pages) load nothing.
 */
const ASSET_HOST = /^https?:\/\/(?:cdn|fonts|static|assets)[.-]/i;
const ASSET_FILE = /\.(?:m?js|css|svg|png|jpe?g|gif|webp|avif|ico|woff2?|ttf|otf)(?:[?#]|$)/i;

it('the reference page names no other host to load from: no CDN, no remote script, style, image or font', () => {
  const page = checkedInPage();
  const urls = [...page.matchAll(/https?:\/\/[^\s"'`<>()\\]+/g)].map(([url]) => url);
  expect(urls.length, 'the scan finds the links the page shows').toBeGreaterThan(0);
  expect(urls.filter((url) => ASSET_HOST.test(url) || ASSET_FILE.test(url))).toEqual([]);
});

it('client/schema.d.ts holds the types of that document (run `npm run docs`)', async () => {
  expect(checkedIn('client/schema.d.ts')).toBe(await clientTypes());
});
