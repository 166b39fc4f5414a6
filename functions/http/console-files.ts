import { readdir, readFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { CONSOLE_DIST } from '../routes/console/area';
import type { RouteDefinition } from '../routes/define-route';
import { shippedFile } from './shipped-file';

/**
 * The console may load only from this service: no inline script or style, no other host, no frames,
 * no plugins, no <base>, no form posts (every form is handled by the page's script).
 */
export const CONSOLE_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; font-src 'self'; " +
  "object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
};

interface ConsoleFile {
  type: string;
  body: Buffer;
  gzipped: Buffer;
}

/** The page (index.html, always asked again) and the assets, whose names carry their content's hash. */
export interface ConsoleFiles {
  page: ConsoleFile;
  assets: Map<string, ConsoleFile>;
}

const load = async (route: Pick<RouteDefinition, 'files'>): Promise<ConsoleFiles> => {
  const folder = shippedFile(route, CONSOLE_DIST);
  const entries = await Promise.all(
    (await readdir(folder)).map(async (name): Promise<[string, ConsoleFile]> => {
      const body = await readFile(join(folder, name));
      return [
        name,
        { type: TYPES[extname(name)] ?? 'application/octet-stream', body, gzipped: gzipSync(body, { level: 9 }) },
      ];
    }),
  );
  const assets = new Map(entries);
  const page = assets.get('index.html');
  if (!page) throw new Error(`${CONSOLE_DIST}index.html is missing: run npm run console`);
  assets.delete('index.html');
  return { page, assets };
};

let files: Promise<ConsoleFiles> | undefined;

/** Read and gzipped once per instance: a few files, under 200 KB together. */
export const consoleFiles = (route: Pick<RouteDefinition, 'files'>) =>
  (files ??= load(route).catch((error: unknown) => {
    files = undefined;
    throw error;
  }));

/**
 * A console file as the answer: gzipped to every client that accepts gzip (browsers do), with the
 * policy and the caching its kind allows (a hashed asset never changes; the page names the current ones).
 */
export const consoleAnswer = (file: ConsoleFile, event: APIGatewayProxyEventV2, cacheControl: string) => {
  const gzip = /\bgzip\b/.test(event.headers?.['accept-encoding'] ?? '');
  return {
    raw: gzip ? file.gzipped : file.body,
    headers: {
      'Content-Type': file.type,
      'Cache-Control': cacheControl,
      'Content-Security-Policy': CONSOLE_CSP,
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer',
      Vary: 'Accept-Encoding',
      ...(gzip ? { 'Content-Encoding': 'gzip' } : {}),
    },
  };
};
