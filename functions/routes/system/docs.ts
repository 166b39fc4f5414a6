import { readFile } from 'node:fs/promises';
import { gunzipSync } from 'node:zlib';
import { referencePagePolicy } from '../../http/reference-page-policy';
import { shippedFile } from '../../http/shipped-file';
import { defineRoute } from '../define-route';

interface Page {
  gzipped: Buffer;
  plain: string;
  policy: string;
}
let page: Promise<Page> | undefined;

const readPage = async (): Promise<Page> => {
  const gzipped = await readFile(shippedFile(docs, 'docs/reference.html.gz'));
  const plain = gunzipSync(gzipped).toString('utf8');
  return { gzipped, plain, policy: referencePagePolicy(plain) };
};

/**
 * The reference page as `npm run docs` built it (docs/reference.html.gz), read once per instance:
 * gzipped as it is to every client that accepts gzip (browsers do), unzipped once for any other and
 * for its policy (the hashes of its inline scripts). Never framed.
 */

export const docs = defineRoute(
  {
    id: 'docs',
    method: 'GET',
    path: '/api/v1/docs',
    summary: 'Get this API as a reference page (HTML)',
    description: 'Self-contained: the page loads nothing from anywhere.',
    tag: 'System',
    permission: null,
    rawResponse: 'text/html',
    files: ['docs/reference.html.gz'],
  },
  async ({ event }) => {
    page ??= readPage().catch((error: unknown) => {
      page = undefined;
      throw error;
    });
    const { gzipped, plain, policy } = await page;
    const headers = {
      'Content-Type': 'text/html; charset=utf-8',
      Vary: 'Accept-Encoding',
      'Content-Security-Policy': policy,
      'X-Frame-Options': 'DENY',
      'X-Content-Type-Options': 'nosniff',
    };
    if (/\bgzip\b/.test(event.headers?.['accept-encoding'] ?? ''))
      return { raw: gzipped, headers: { ...headers, 'Content-Encoding': 'gzip' } };
    return { raw: plain, headers };
  },
);

export default docs;
