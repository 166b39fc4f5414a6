import { request } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSOLE_CSP } from '../../functions/http/console-files';
import { buildConsole, builtConsole } from '../../scripts/console';
import { startService, type TestService } from '../support/service';

/** The console's first load is at most this, gzipped, every file together (issue 30). */
const FIRST_LOAD_BUDGET = 150 * 1024;

let service: TestService;
beforeAll(async () => {
  service = await startService();
});
afterAll(() => service.close());

/** A GET as it goes over the wire: the bytes as sent (not unzipped) and the headers. */
const get = (path: string, headers: Record<string, string> = {}) =>
  new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>(
    (resolve, reject) => {
      request(`${service.baseUrl}${path}`, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }),
        );
      })
        .on('error', reject)
        .end();
    },
  );

it('console/dist is what `npm run console` builds from console/src (run it after changing the console)', async () => {
  const built = await buildConsole();
  const kept = builtConsole();
  expect([...kept.keys()].sort(), 'console/dist is stale: run npm run console').toEqual([...built.keys()].sort());
  for (const [name, body] of built)
    expect(Buffer.from(kept.get(name)!).equals(Buffer.from(body)), `${name} differs: run npm run console`).toBe(true);
});

describe('GET /console', () => {
  it(
    'serves the page and the files it names, gzipped, under a policy that allows nothing from elsewhere and no ' +
      'inline script; the first load is within 150 KB',
    async () => {
      const page = await get('/console', { 'Accept-Encoding': 'gzip' });
      expect(page.status).toBe(200);
      expect(page.headers).toMatchObject({
        'content-type': 'text/html; charset=utf-8',
        'content-encoding': 'gzip',
        'content-security-policy': CONSOLE_CSP,
        'x-content-type-options': 'nosniff',
        'cache-control': 'no-cache',
      });
      expect(CONSOLE_CSP).toMatch(/^default-src 'self'; script-src 'self'; style-src 'self';/);
      expect(CONSOLE_CSP).not.toMatch(/unsafe|https?:|\*|data:/);
      const html = gunzipSync(page.body).toString('utf8');
      // Scripts and styles are files of this service only: no inline code, no other host.
      expect(html).not.toMatch(/<script(?![^>]*\bsrc=)|<style|\sstyle=|\son\w+=/i);
      const files = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map(([, url]) => url);
      expect(files.every((url) => url.startsWith('/console/'))).toBe(true);
      expect(files.map((url) => url.replace(/-[\w]+\./, '-<hash>.')).sort()).toEqual([
        '/console/icon-<hash>.svg',
        '/console/main-<hash>.css',
        '/console/main-<hash>.js',
      ]);

      let transferred = page.body.length;
      for (const url of files) {
        const file = await get(url, { 'Accept-Encoding': 'gzip, deflate, br' });
        expect(file.status, url).toBe(200);
        expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(file.headers['content-type']).toBe(
          url.endsWith('.js')
            ? 'text/javascript; charset=utf-8'
            : url.endsWith('.css')
              ? 'text/css; charset=utf-8'
              : 'image/svg+xml',
        );
        expect(file.headers['content-encoding']).toBe('gzip');
        transferred += file.body.length;
      }
      console.info(
        `console first load: ${(transferred / 1024).toFixed(1)} KB gzipped (page and ${files.length} files)`,
      );
      expect(transferred).toBeLessThanOrEqual(FIRST_LOAD_BUDGET);
    },
  );

  it('answers a client without gzip the plain files', async () => {
    const page = await get('/console');
    expect(page.headers['content-encoding']).toBeUndefined();
    expect(page.body.toString('utf8')).toMatch(/^<!doctype html>/);
  });

  it('serves only the files the build wrote: anything else is 404 in the error envelope', async () => {
    for (const path of [
      '/console/nope.js',
      '/console/index.html',
      '/console/%2e%2e%2fpackage.json',
      '/console/..%2F..%2Fpackage.json',
      `/console/${'a'.repeat(300)}`,
    ]) {
      const answer = await get(path);
      expect(answer.status, path).toBeGreaterThanOrEqual(400);
      expect(answer.status, path).toBeLessThan(500);
      expect(JSON.parse(answer.body.toString('utf8')), path).toMatchObject({
        success: false,
        error: { code: expect.any(String) },
      });
    }
    expect(JSON.parse((await get('/console/nope.js')).body.toString('utf8')).error).toEqual({
      code: 'NOT_FOUND',
      message: 'No such console file',
    });
  });
});
