/**
 * How every function is bundled. The construct (service-function.ts) hands these to esbuild's API, and
 * the benchmark builds its floor bundles with the same settings, so sizes compare like with like.
 */
export const BUNDLE = {
  format: 'esm' as const,
  minify: true,
  target: 'node22',
  mainFields: ['module', 'main'],
  // Some dependencies still call require(); ESM bundles need it defined.
  banner:
    "import { createRequire as __createRequire } from 'module'; const require = __createRequire(import.meta.url);",
};
