/**
 * `npm run console`: builds the web console (console/src, Preact and uPlot) into console/dist, the
 * files GET /console serves: index.html and assets named by their content's hash. The output is
 * committed, as the reference page is (docs/decisions/0081-console-built-and-committed.md); test/console/build.test.ts
 * fails when it is stale. The same sources always give the same bytes.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { CONSOLE_DIST } from '../functions/routes/console';

const root = fileURLToPath(new URL('..', import.meta.url));
export const CONSOLE_DIST_DIR = join(root, CONSOLE_DIST);
/** Where the page finds its files: the asset route's path. */
const PUBLIC_PATH = '/console';

const hashed = (name: string, body: Uint8Array) => {
  const dot = name.lastIndexOf('.');
  return `${name.slice(0, dot)}-${createHash('sha256').update(body).digest('hex').slice(0, 12)}${name.slice(dot)}`;
};

const page = (script: string, style: string, icon: string) =>
  `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Console · Email delivery service</title>
<link rel="icon" type="image/svg+xml" href="${PUBLIC_PATH}/${icon}">
<link rel="stylesheet" href="${PUBLIC_PATH}/${style}">
<script type="module" src="${PUBLIC_PATH}/${script}"></script>
</head>
<body>
<div id="app"><noscript>The console needs JavaScript.</noscript></div>
</body>
</html>
`;

/** The console's files by name: index.html, the script and style sheet esbuild built, the icon. */
export const buildConsole = async (): Promise<Map<string, Uint8Array>> => {
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: { main: 'console/src/main.tsx' },
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: ['chrome111', 'firefox115', 'safari16.4'],
    minify: true,
    jsx: 'automatic',
    jsxImportSource: 'preact',
    entryNames: '[name]-[hash]',
    outdir: CONSOLE_DIST_DIR,
    write: false,
    legalComments: 'eof',
    logLevel: 'warning',
  });
  const files = new Map<string, Uint8Array>();
  for (const output of result.outputFiles) files.set(basename(output.path), output.contents);
  const iconSource = readFileSync(join(root, 'console/src/icon.svg'));
  const icon = hashed('icon.svg', iconSource);
  files.set(icon, iconSource);
  const named = (ext: string) => [...files.keys()].find((name) => name.startsWith('main-') && name.endsWith(ext))!;
  files.set('index.html', new TextEncoder().encode(page(named('.js'), named('.css'), icon)));
  return files;
};

/** The files now in console/dist. */
export const builtConsole = () =>
  new Map(
    readdirSync(CONSOLE_DIST_DIR).map((name) => [name, new Uint8Array(readFileSync(join(CONSOLE_DIST_DIR, name)))]),
  );

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const files = await buildConsole();
  rmSync(CONSOLE_DIST_DIR, { recursive: true, force: true });
  mkdirSync(CONSOLE_DIST_DIR, { recursive: true });
  for (const [name, body] of files) writeFileSync(join(CONSOLE_DIST_DIR, name), body);
  console.log(`wrote ${CONSOLE_DIST}: ${[...files.keys()].join(', ')}`);
}
