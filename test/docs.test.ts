import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { gunzipSync } from 'node:zlib';
import { apiMarkdown, clientTypes, openApiJson, referencePage, referencePageGzip } from '../scripts/docs';

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

it('client/schema.d.ts holds the types of that document (run `npm run docs`)', async () => {
  expect(checkedIn('client/schema.d.ts')).toBe(await clientTypes());
});
