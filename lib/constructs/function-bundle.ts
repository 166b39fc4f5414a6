import { Stage } from 'aws-cdk-lib';
import { Code } from 'aws-cdk-lib/aws-lambda';
import * as esbuild from 'esbuild';
import { cpSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { IConstruct } from 'constructs';
import { wiringOf } from '../../functions/capabilities';
import { routes } from '../../functions/routes';
import type { RouteDefinition } from '../../functions/routes/define-route';
import { partsOf } from '../../functions/http/pipeline-parts';
import { BUNDLE } from './bundling-options';

/**
 * Code that handlers load only with `import()`, on first use, each built into a file of its own beside
 * `index.mjs`, and only in the assets whose `index.mjs` can import it; `index.mjs` never holds its code.
 * `imports`: the specifiers handlers import it by (each becomes `./<file>`); `entry`: what the file exports.
 * - nodemailer: smtp-mailer.ts, on the first SMTP send (docs/decisions/0077-nodemailer-beside-the-entry.md).
 * - html-to-text (with htmlparser2 and entities): templates/plain-text.ts, on the first template send that
 *   makes a text part (docs/decisions/0130-rare-paths-beside-the-entry.md).
 * - the S3 client: s3-attachment-store.ts, on the first mail with parts too large for its queue message (0130).
 * The last two by a name of their own, `#on-first-use/<package>` (package.json "imports" maps it to the
 * package, for Node, tsx and tsc): the same packages are imported statically where every call needs them
 * (mailparser's html-to-text in the inbound functions, their S3 client), and stay in those `index.mjs`.
 */
export const LAZY_PACKAGES = [
  { file: 'nodemailer.mjs', imports: ['nodemailer'], entry: "export { default } from 'nodemailer';" },
  {
    file: 'html-to-text.mjs',
    imports: ['#on-first-use/html-to-text'],
    entry: "export { convert } from 'html-to-text';",
  },
  { file: 'client-s3.mjs', imports: ['#on-first-use/client-s3'], entry: "export * from '@aws-sdk/client-s3';" },
] as const;

const ESBUILD: esbuild.BuildOptions = {
  ...BUNDLE,
  banner: { js: BUNDLE.banner },
  bundle: true,
  platform: 'node',
  sourcemap: true,
  sourcesContent: false,
  logLevel: 'warning',
};

/**
 * Subpaths of a lazy package that other packages import statically (mailparser reads nodemailer's
 * address parser): bundled as usual. esbuild's alias would rewrite them with their package (to
 * `./nodemailer.mjs/lib/...`, which does not exist); the longest alias key wins, and one that names
 * itself leaves the import as it is.
 */
const BUNDLED_SUBPATHS = ['nodemailer/lib/addressparser'];

/**
 * What a package loads with a synchronous `require()` for some inputs only, where `import()` cannot serve
 * (its caller is synchronous): the `require` stays in `index.mjs` as a require of `./<file>`, which the
 * banner's `createRequire(import.meta.url)` resolves beside `index.mjs`, and the file is put there in the
 * assets whose `index.mjs` requires it; Node reads it on the first call that needs it
 * (docs/decisions/0134-inbound-decoders-on-first-use.md). The inbound parser's charsets:
 * - iconv-lite's double-byte tables (Shift_JIS, EUC-JP, EUC-KR, Big5 and its additions, GB18030's ranges):
 *   iconv-lite itself requires each only when a mail first names that charset, so the JSON file is copied as
 *   it is (`source`). GBK's (cp936, gbk-added) stay bundled: libmime builds the GBK decoder at its own import.
 * - encoding-japanese (ISO-2022-JP, JIS, EUC-JP in libmime): imported statically by libmime, so `encoding-japanese`
 *   is aliased to a shim (`alias`) that requires the package, built into `./<file>` (`entry`), on the first call.
 */
export const REQUIRED_ON_FIRST_USE: readonly (
  | { file: string; source: string }
  | { file: string; entry: string; alias: Record<string, string> }
)[] = [
  ...['shiftjis', 'eucjp', 'cp949', 'cp950', 'big5-added', 'gb18030-ranges'].map((table) => ({
    file: `tables/${table}.json`,
    source: `node_modules/iconv-lite/encodings/tables/${table}.json`,
  })),
  {
    file: 'encoding-japanese.cjs',
    entry: "module.exports = require('encoding-japanese');",
    alias: { 'encoding-japanese': fileURLToPath(new URL('./on-first-use/encoding-japanese.cjs', import.meta.url)) },
  },
];

/**
 * Packages that a bundle would otherwise hold twice, an ES module build and a CommonJS one: aliased to a shim
 * that hands both kinds of import the one build (lib/constructs/on-first-use/libmime.cjs says why it is sound).
 */
const BUNDLED_ONCE = {
  libmime: fileURLToPath(new URL('./on-first-use/libmime.cjs', import.meta.url)),
};

/**
 * The test seam a Lambda function never uses: the AWS call log the IAM test reads (package.json maps
 * `#aws-call-log` to it for Node, tsx and the tests) is its no-op twin in a function's bundle
 * (functions/adapters/call-log-off.ts says why that is the same behaviour).
 */
const TEST_SEAMS_OFF = {
  '#aws-call-log': fileURLToPath(new URL('../../functions/adapters/call-log-off.ts', import.meta.url)),
};

/**
 * Each lazy package's import becomes an import of its own file beside the entry, and each file required on
 * first use a require of it, left for Node to load at run time.
 */
const LAZY = {
  alias: {
    ...Object.fromEntries(BUNDLED_SUBPATHS.map((path) => [path, path])),
    ...Object.fromEntries(LAZY_PACKAGES.flatMap(({ file, imports }) => imports.map((name) => [name, `./${file}`]))),
    ...Object.assign({}, ...REQUIRED_ON_FIRST_USE.map((lazy) => ('alias' in lazy ? lazy.alias : {}))),
    ...BUNDLED_ONCE,
    ...TEST_SEAMS_OFF,
  },
  external: [...LAZY_PACKAGES.map(({ file }) => `./${file}`), ...REQUIRED_ON_FIRST_USE.map(({ file }) => `./${file}`)],
};

/** esbuild's options for a function's `index.mjs` (the benchmark analyses bundles with them too). */
export const ENTRY_BUILD: esbuild.BuildOptions = { ...ESBUILD, ...LAZY };

/** A function's entry: a worker's file under functions/handlers/, or a route's generated entry. */
export interface FunctionEntry {
  name: string;
  /** The entry's source file (absolute). */
  file: string;
}

/** Every worker: the files of functions/handlers/, each the entry of one function. */
const workerEntries = (root: string): FunctionEntry[] =>
  readdirSync(join(root, 'functions', 'handlers'))
    .filter((file) => file.endsWith('.ts'))
    .map((file) => ({ name: file.slice(0, -'.ts'.length), file: join(root, 'functions', 'handlers', file) }));

/** A route's module: functions/routes/<area>/<id>.ts. */
export const routeModule = (root: string, id: string) => {
  const routesDir = join(root, 'functions', 'routes');
  const area = readdirSync(routesDir, { withFileTypes: true }).find(
    (entry) => entry.isDirectory() && readdirSync(join(routesDir, entry.name)).includes(`${id}.ts`),
  );
  if (!area) throw new Error(`No module functions/routes/<area>/${id}.ts for the route ${id}`);
  return join(routesDir, area.name, `${id}.ts`);
};

/**
 * A route's Lambda entry, generated from its id: its module, the one request pipeline it needs (keyed
 * or public) and the adapters of the capabilities it lists, imported by name, so the bundle holds
 * those and no others (functions/adapters/capabilities.ts). The local server builds the same handler
 * (functions/http/route-handler.ts).
 */
export const routeEntrySource = (root: string, route: RouteDefinition) => {
  const at = (path: string) => JSON.stringify(join(root, path));
  const [pipeline, file] =
    route.permission === null ? ['publicApiHandler', 'public-handler'] : ['apiHandler', 'api-handler'];
  const wiring = wiringOf(route.uses ?? []);
  // The pipeline's parts this route uses, and no others (functions/http/pipeline-parts.ts).
  const parts = partsOf(route);
  // The dependencies written out as functions/wire.ts would build them: no table of capabilities in the bundle.
  const deps = wiring.map(({ key, name, onUse }) =>
    onUse ? `get ${key}() { return ${name}(); }` : `${key}: ${name}()`,
  );
  return [
    `import route from ${JSON.stringify(routeModule(root, route.id))};`,
    `import { ${pipeline} } from ${at(`functions/http/${file}.ts`)};`,
    ...(wiring.length
      ? [`import { ${wiring.map(({ name }) => name).join(', ')} } from ${at('functions/adapters/capabilities.ts')};`]
      : []),
    ...(parts.length
      ? [`import { ${parts.map(([, name]) => name).join(', ')} } from ${at('functions/http/pipeline-part-list.ts')};`]
      : []),
    `const deps = { ${deps.join(', ')} };`,
    `const parts = { ${parts.map(([key, name]) => `${key}: ${name}`).join(', ')} };`,
    `export const handler = ${pipeline}(route, (request) => route.handle(request, deps), parts);`,
    '',
  ].join('\n');
};

/** Every function's entry: the workers' files, and each route's generated entry, written under `entriesDir`. */
export const functionEntries = (root: string, entriesDir: string): FunctionEntry[] => {
  mkdirSync(entriesDir, { recursive: true });
  const routeEntries = routes.map((route) => {
    const file = join(entriesDir, `${route.id}.ts`);
    writeFileSync(file, routeEntrySource(root, route));
    return { name: route.id, file };
  });
  return [...workerEntries(root), ...routeEntries];
};

/**
 * Builds every function in one esbuild call (esbuild spreads the entries over the cores and parses
 * each shared module once; one call per function, one after the other, took most of a synth):
 * `<outputDir>/<name>/index.mjs`, the entry and everything it imports statically, the AWS SDK
 * included, and `<package>.mjs` beside it for each lazy package that `index.mjs` can still import
 * after tree-shaking. Each entry is bundled on its own, as a call per entry would: no code splitting
 * (esbuild's would also split the SDK's lazily imported credential providers into a dozen chunks,
 * which changes what every function and its floor loads: see docs/decisions/0077-nodemailer-beside-the-entry.md).
 */
export const buildFunctions = (root: string, entries: readonly FunctionEntry[], outputDir: string) => {
  const result = esbuild.buildSync({
    ...ENTRY_BUILD,
    entryPoints: Object.fromEntries(entries.map(({ name, file }) => [`${name}/index`, file])),
    outdir: outputDir,
    outExtension: { '.js': '.mjs' },
    absWorkingDir: root,
    metafile: true,
  });
  const lazyBuilt = new Map<string, string>();
  for (const [file, output] of Object.entries(result.metafile!.outputs)) {
    if (!output.entryPoint) continue;
    const functionDir = dirname(resolve(root, file));
    const eager = output.imports.find(
      (i) => LAZY_PACKAGES.some(({ file }) => i.path === `./${file}`) && i.kind !== 'dynamic-import',
    );
    // A static import would load the package at init again: the point of the split is lost, so say so.
    if (eager)
      throw new Error(
        `${output.entryPoint} imports ${eager.path} statically; ` +
          'lazy packages (lib/constructs/function-bundle.ts) are for import() only',
      );
    for (const { file: lazy, entry } of LAZY_PACKAGES.filter(({ file: f }) =>
      output.imports.some((i) => i.path === `./${f}`),
    )) {
      // Built once, the first time an entry needs it, and copied beside every entry that does.
      if (!lazyBuilt.has(lazy)) {
        const outfile = join(outputDir, '.lazy', lazy);
        esbuild.buildSync({
          ...ESBUILD,
          stdin: { contents: entry, resolveDir: root, loader: 'js', sourcefile: lazy.replace(/\.mjs$/, '-entry.js') },
          outfile,
          absWorkingDir: root,
        });
        lazyBuilt.set(lazy, outfile);
      }
      cpSync(lazyBuilt.get(lazy)!, join(functionDir, lazy));
      cpSync(`${lazyBuilt.get(lazy)!}.map`, join(functionDir, `${lazy}.map`));
    }
    for (const lazy of REQUIRED_ON_FIRST_USE.filter(({ file: f }) =>
      output.imports.some((i) => i.path === `./${f}` && i.kind === 'require-call'),
    )) {
      mkdirSync(dirname(join(functionDir, lazy.file)), { recursive: true });
      if ('source' in lazy) {
        cpSync(join(root, lazy.source), join(functionDir, lazy.file));
        continue;
      }
      if (!lazyBuilt.has(lazy.file)) {
        const outfile = join(outputDir, '.lazy', lazy.file);
        // CommonJS, as `require()` loads it: no ES module banner.
        esbuild.buildSync({
          ...ESBUILD,
          format: 'cjs',
          banner: {},
          stdin: { contents: lazy.entry, resolveDir: root, loader: 'js', sourcefile: `${lazy.file}-entry.js` },
          outfile,
          absWorkingDir: root,
        });
        lazyBuilt.set(lazy.file, outfile);
      }
      cpSync(lazyBuilt.get(lazy.file)!, join(functionDir, lazy.file));
      cpSync(`${lazyBuilt.get(lazy.file)!}.map`, join(functionDir, `${lazy.file}.map`));
    }
  }
  rmSync(join(outputDir, '.lazy'), { recursive: true, force: true });
};

/** Where each app's bundles are built, once per app: beside its cloud assembly. */
const built = new WeakMap<Stage, string>();
const bundlesOf = (scope: IConstruct, root: string) => {
  const stage = Stage.of(scope)!;
  if (!built.has(stage)) {
    const outputDir = join(stage.outdir, 'function-bundles');
    rmSync(outputDir, { recursive: true, force: true });
    const entriesDir = join(stage.outdir, 'function-entries');
    buildFunctions(root, functionEntries(root, entriesDir), outputDir);
    rmSync(entriesDir, { recursive: true, force: true });
    built.set(stage, outputDir);
  }
  return built.get(stage)!;
};

/**
 * A function's code: every handler is built at synth time by esbuild's API in one call, in this
 * process (no Docker, no network), the first time an app asks for one (buildFunctions); the
 * repository files the handler reads at run time are copied beside its bundle at the same relative
 * path (functions/http/shipped-file.ts finds them there). The asset is hashed by its content, as
 * NodejsFunction hashes its output, so an unchanged bundle is not uploaded again.
 */
export const functionBundle = (scope: IConstruct, root: string, handlerName: string, files: readonly string[] = []) => {
  const dir = join(bundlesOf(scope, root), handlerName);
  for (const file of files) {
    mkdirSync(join(dir, dirname(file)), { recursive: true });
    // A folder (`console/dist/`) is copied whole.
    cpSync(join(root, file), join(dir, file), { recursive: true });
  }
  return Code.fromAsset(dir);
};

/**
 * A long-running entry (the SMTP relay's container: functions/smtp/container.ts) built as the
 * functions are, at synth time in this process, into `<outputDir>/index.mjs`: the same esbuild settings,
 * but one file with every package in it (nodemailer too: a process that stays up loads it once).
 */
export const buildEntry = (root: string, entry: string, outputDir: string) => {
  rmSync(outputDir, { recursive: true, force: true });
  const outfile = join(outputDir, 'index.mjs');
  esbuild.buildSync({ ...ESBUILD, entryPoints: [join(root, entry)], outfile, absWorkingDir: root });
  return outputDir;
};
