import { AssetHashType, DockerImage } from 'aws-cdk-lib';
import { Code } from 'aws-cdk-lib/aws-lambda';
import * as esbuild from 'esbuild';
import { cpSync, mkdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { BUNDLE } from './bundling-options';

/**
 * Packages that handlers load only with `import()`, on first use (nodemailer: smtp-mailer.ts, on the
 * first SMTP send). Each is built into a file of its own beside `index.mjs`, and only in the assets
 * whose `index.mjs` can import it; `index.mjs` never holds their code.
 */
export const LAZY_PACKAGES = ['nodemailer'] as const;
export const lazyFile = (pkg: string) => `${pkg}.mjs`;

const ESBUILD: esbuild.BuildOptions = { ...BUNDLE, banner: { js: BUNDLE.banner }, bundle: true, platform: 'node', sourcemap: true, sourcesContent: false, logLevel: 'warning' };

/** Each lazy package's import becomes an import of its own file beside the entry, left for Node to load at run time. */
const LAZY = {
  alias: Object.fromEntries(LAZY_PACKAGES.map((pkg) => [pkg, `./${lazyFile(pkg)}`])),
  external: LAZY_PACKAGES.map((pkg) => `./${lazyFile(pkg)}`),
};

/** esbuild's options for a function's `index.mjs` (the benchmark analyses bundles with them too). */
export const ENTRY_BUILD: esbuild.BuildOptions = { ...ESBUILD, ...LAZY };

/**
 * Builds one function into `outputDir`: `index.mjs` (the handler and everything it imports
 * statically, the AWS SDK included), and `<package>.mjs` for each lazy package that `index.mjs` can
 * still import after tree-shaking. esbuild's own code splitting would do the same for nodemailer, but
 * it also splits the SDK's lazily imported credential providers into a dozen chunks, which changes
 * what every function (and its floor) loads: see docs/decisions.md.
 */
export const buildFunction = (entry: string, outputDir: string, absWorkingDir: string) => {
  const result = esbuild.buildSync({ ...ENTRY_BUILD, entryPoints: [entry], outfile: join(outputDir, 'index.mjs'), absWorkingDir, metafile: true });
  const imports = Object.values(result.metafile!.outputs).flatMap((output) => output.imports);
  const lazy = LAZY_PACKAGES.filter((pkg) => imports.some((i) => i.path === `./${lazyFile(pkg)}`));
  const eager = imports.find((i) => LAZY.external.includes(i.path) && i.kind !== 'dynamic-import');
  // A static import would load the package at init again: the point of the split is lost, so say so.
  if (eager) throw new Error(`${entry} imports ${eager.path} statically; lazy packages (lib/constructs/function-bundle.ts) are for import() only`);
  for (const pkg of lazy) {
    esbuild.buildSync({
      ...ESBUILD,
      stdin: { contents: `export { default } from '${pkg}';`, resolveDir: absWorkingDir, loader: 'js', sourcefile: `${pkg}-entry.js` },
      outfile: join(outputDir, lazyFile(pkg)),
      absWorkingDir,
    });
  }
  return { lazy };
};

/**
 * A function's code: built at synth time by esbuild's API, in this process (no Docker, no network),
 * with the repository files the handler reads at run time copied beside it at the same relative path
 * (functions/http/shipped-file.ts finds them there). The asset is hashed by its output, as
 * NodejsFunction does, so an unchanged bundle is not uploaded again.
 */
export const functionBundle = (root: string, entry: string, files: readonly string[] = []) =>
  Code.fromAsset(root, {
    assetHashType: AssetHashType.OUTPUT,
    bundling: {
      // Never pulled, never run: the local bundling below always succeeds or throws. The command names
      // what is built all the same, because CDK caches bundled assets by source path and bundling
      // options, which do not see tryBundle's code: without it, every function would get the first one's bundle.
      image: DockerImage.fromRegistry('scratch'),
      command: ['build', relative(root, entry), ...files],
      local: {
        tryBundle(outputDir) {
          buildFunction(entry, outputDir, root);
          for (const file of files) {
            mkdirSync(join(outputDir, dirname(file)), { recursive: true });
            // A folder (`console/dist/`) is copied whole.
            cpSync(join(root, file), join(outputDir, file), { recursive: true });
          }
          return true;
        },
      },
    },
  });
