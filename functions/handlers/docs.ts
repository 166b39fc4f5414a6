import { readFile } from 'node:fs/promises';
import { publicApiHandler } from '../http/public-handler';
import { shippedFile } from '../http/shipped-file';
import { docs } from '../routes/system';

let page: Promise<string> | undefined;

/** The reference page, docs/reference.html as `npm run docs` built it, read once per instance. */
export const handler = publicApiHandler(docs, async () => {
  page ??= readFile(shippedFile(docs, 'docs/reference.html'), 'utf8').catch((error: unknown) => {
    page = undefined;
    throw error;
  });
  return { raw: await page, headers: { 'Content-Type': 'text/html; charset=utf-8' } };
});
