import { readFile } from 'node:fs/promises';
import { gunzipSync } from 'node:zlib';
import { publicApiHandler } from '../http/public-handler';
import { shippedFile } from '../http/shipped-file';
import { docs } from '../routes/system';

let page: Promise<Buffer> | undefined;
let plain: string | undefined;

/**
 * The reference page as `npm run docs` built it (docs/reference.html.gz), read once per instance:
 * gzipped as it is to every client that accepts gzip (browsers do), unzipped once for any other.
 */
export const handler = publicApiHandler(docs, async ({ event }) => {
  page ??= readFile(shippedFile(docs, 'docs/reference.html.gz')).catch((error: unknown) => {
    page = undefined;
    throw error;
  });
  const gzipped = await page;
  const headers = { 'Content-Type': 'text/html; charset=utf-8', Vary: 'Accept-Encoding' };
  if (/\bgzip\b/.test(event.headers?.['accept-encoding'] ?? '')) return { raw: gzipped, headers: { ...headers, 'Content-Encoding': 'gzip' } };
  plain ??= gunzipSync(gzipped).toString('utf8');
  return { raw: plain, headers };
});
