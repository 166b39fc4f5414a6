import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { apiMarkdown, openApiJson } from '../scripts/docs';

it('docs/api.md and docs/openapi.json match the route table (run `npm run docs` after changing routes)', () => {
  expect(readFileSync(new URL('../docs/api.md', import.meta.url), 'utf8')).toBe(apiMarkdown());
  expect(readFileSync(new URL('../docs/openapi.json', import.meta.url), 'utf8')).toBe(openApiJson());
});
