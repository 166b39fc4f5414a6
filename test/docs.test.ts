import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { apiMarkdown, clientTypes, openApiJson, referencePage } from '../scripts/docs';

const checkedIn = (path: string) => readFileSync(new URL(`../${path}`, import.meta.url), 'utf8');

it('docs/api.md and docs/openapi.json match the route table (run `npm run docs` after changing routes)', () => {
  expect(checkedIn('docs/api.md')).toBe(apiMarkdown());
  expect(checkedIn('docs/openapi.json')).toBe(openApiJson());
});

it('docs/reference.html is the page built from that document (run `npm run docs`)', () => {
  // Compared as a whole, not printed: the page is megabytes of inlined script.
  expect(checkedIn('docs/reference.html') === referencePage(), 'docs/reference.html is stale').toBe(true);
});

it("docs/reference.html carries everything it needs, may load nothing and has Redoc's telemetry off", () => {
  const page = checkedIn('docs/reference.html');
  expect(page).toContain(`<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data: blob:;`);
  expect(page).toContain("connect-src 'none'");
  expect(page).not.toMatch(/<script[^>]+src=|<link[^>]+href=/);
  expect(page).toContain('"disableTelemetry":true');
});

it("client/schema.d.ts holds the types of that document (run `npm run docs`)", async () => {
  expect(checkedIn('client/schema.d.ts')).toBe(await clientTypes());
});
