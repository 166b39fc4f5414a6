import { Stage } from 'aws-cdk-lib';
import { Code } from 'aws-cdk-lib/aws-lambda';
import * as esbuild from 'esbuild';
import { cpSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { IConstruct } from 'constructs';
import { BUNDLE } from './bundling-options';

/**
 * Packages that handlers load only with `import()`, on first use (nodemailer: smtp-mailer.ts, on the
 * first SMTP send). Each is built into a file of its own beside `index.mjs`, and only in the assets
 * whose `index.mjs` can import it; `index.mjs` never holds their code.
 */
export const LAZY_PACKAGES = ['nodemailer'] as const;
export const lazyFile = (pkg: string) => `${pkg}.mjs`;

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

/** Each lazy package's import becomes an import of its own file beside the entry, left for Node to load at run time. */
const LAZY = {
  alias: {
    ...Object.fromEntries(BUNDLED_SUBPATHS.map((path) => [path, path])),
    ...Object.fromEntries(LAZY_PACKAGES.map((pkg) => [pkg, `./${lazyFile(pkg)}`])),
  },
  external: LAZY_PACKAGES.map((pkg) => `./${lazyFile(pkg)}`),
};

/** esbuild's options for a function's `index.mjs` (the benchmark analyses bundles with them too). */
export const ENTRY_BUILD: esbuild.BuildOptions = { ...ESBUILD, ...LAZY };

/** Every handler: the files of functions/handlers/, each the entry of one function. */
export const handlerNames = (root: string) =>
  readdirSync(join(root, 'functions', 'handlers'))
    .filter((file) => file.endsWith('.ts'))
    .map((file) => file.slice(0, -'.ts'.length));

/**
 * Builds every handler in one esbuild call (esbuild spreads the entries over the cores and parses
 * each shared module once; one call per function, one after the other, took most of a synth):
 * `<outputDir>/<handler>/index.mjs`, the handler and everything it imports statically, the AWS SDK
 * included, and `<package>.mjs` beside it for each lazy package that `index.mjs` can still import
 * after tree-shaking. Each entry is bundled on its own, as a call per entry would: no code splitting
 * (esbuild's would also split the SDK's lazily imported credential providers into a dozen chunks,
 * which changes what every function and its floor loads: see docs/decisions.md).
 */
export const buildFunctions = (root: string, handlers: readonly string[], outputDir: string) => {
  const result = esbuild.buildSync({
    ...ENTRY_BUILD,
    entryPoints: Object.fromEntries(
      handlers.map((name) => [`${name}/index`, join(root, 'functions', 'handlers', `${name}.ts`)]),
    ),
    outdir: outputDir,
    outExtension: { '.js': '.mjs' },
    absWorkingDir: root,
    metafile: true,
  });
  const lazyBuilt = new Map<string, string>();
  for (const [file, output] of Object.entries(result.metafile!.outputs)) {
    if (!output.entryPoint) continue;
    const functionDir = dirname(resolve(root, file));
    const eager = output.imports.find((i) => LAZY.external.includes(i.path) && i.kind !== 'dynamic-import');
    // A static import would load the package at init again: the point of the split is lost, so say so.
    if (eager)
      throw new Error(
        `${output.entryPoint} imports ${eager.path} statically; lazy packages (lib/constructs/function-bundle.ts) ` +
          `are for import() only`,
      );
    for (const pkg of LAZY_PACKAGES.filter((p) => output.imports.some((i) => i.path === `./${lazyFile(p)}`))) {
      // Built once, the first time an entry needs it, and copied beside every entry that does.
      if (!lazyBuilt.has(pkg)) {
        const outfile = join(outputDir, '.lazy', lazyFile(pkg));
        esbuild.buildSync({
          ...ESBUILD,
          stdin: {
            contents: `export { default } from '${pkg}';`,
            resolveDir: root,
            loader: 'js',
            sourcefile: `${pkg}-entry.js`,
          },
          outfile,
          absWorkingDir: root,
        });
        lazyBuilt.set(pkg, outfile);
      }
      cpSync(lazyBuilt.get(pkg)!, join(functionDir, lazyFile(pkg)));
      cpSync(`${lazyBuilt.get(pkg)!}.map`, join(functionDir, `${lazyFile(pkg)}.map`));
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
    buildFunctions(root, handlerNames(root), outputDir);
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
