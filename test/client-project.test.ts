import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { scratchDir } from './support/scratch-dir';

/**
 * The typed client used outside this repository, as docs/guides/local-development.md ("In a project of your
 * own") says: client/index.ts and client/schema.d.ts copied into a project of its own, openapi-fetch beside
 * them (this repository's node_modules, linked: no network), type-checked by tsc with the project's own
 * tsconfig.json. This repository checks the client under "moduleResolution": "Bundler" (tsconfig.json).
 */
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const TSC = join(ROOT, 'node_modules/typescript/bin/tsc');
const GUIDE = readFileSync(join(ROOT, 'docs/guides/local-development.md'), 'utf8');
/** The guide's TypeScript example for a project of one's own. */
const example = () => {
  const section = GUIDE.split('### In a project of your own')[1] ?? '';
  const code = /```ts\n([\s\S]*?)```/.exec(section);
  if (!code) throw new Error('docs/guides/local-development.md: no ts example under "In a project of your own"');
  return code[1];
};

const scratch = scratchDir('client-project-');
/** A project at `scratch/name` with this package.json and tsconfig.json, the client copied in, and `main.ts`. */
const project = (name: string, packageJson: object, compilerOptions: object, main: string) => {
  const dir = join(scratch, name);
  mkdirSync(join(dir, 'src/email-service'), { recursive: true });
  for (const file of ['index.ts', 'schema.d.ts'])
    copyFileSync(join(ROOT, 'client', file), join(dir, 'src/email-service', file));
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
  writeFileSync(join(dir, 'package.json'), JSON.stringify(packageJson));
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify({ compilerOptions: { strict: true, noEmit: true, types: ['node'], ...compilerOptions } }),
  );
  writeFileSync(join(dir, 'src/main.ts'), main);
  return dir;
};
/** tsc's exit code and what it printed (the errors). */
const typeCheck = (dir: string) =>
  promisify(execFile)(process.execPath, [TSC, '-p', dir], { cwd: dir }).then(
    ({ stdout }) => ({ code: 0, output: stdout }),
    (error: { code?: number; stdout?: string }) => ({ code: error.code ?? 1, output: error.stdout ?? '' }),
  );

/** tsc over the client's schema takes tens of seconds on a loaded machine. */
const TSC_MS = 120_000;
const NODE_NEXT = { module: 'NodeNext', target: 'ES2022' };

describe('the typed client in a project of its own', () => {
  it(
    'type-checks with "module": "NodeNext": the guide example in an ES module package, and a CommonJS one',
    async () => {
      expect(await typeCheck(project('esm', { type: 'module' }, NODE_NEXT, example()))).toEqual({
        code: 0,
        output: '',
      });
      const main = [
        "import { createClient } from './email-service/index.js';",
        "export const send = () => createClient({ baseUrl: 'http://localhost:3000', apiKey: 'esk_x' })",
        "  .POST('/api/v1/mail/send', { body: { to: 'ada@example.com', subject: 'Hi', text: 'Hello' } });",
      ].join('\n');
      expect(await typeCheck(project('cjs', {}, NODE_NEXT, main))).toEqual({ code: 0, output: '' });
    },
    2 * TSC_MS,
  );

  it(
    'still finds a wrong body under NodeNext: the types are the API, not any',
    async () => {
      const main = [
        "import { createClient } from './email-service/index.js';",
        "await createClient({ baseUrl: 'http://localhost:3000' }).POST('/api/v1/mail/send', { body: { to: 1 } });",
      ].join('\n');
      const checked = await typeCheck(project('wrong', { type: 'module' }, NODE_NEXT, main));
      expect(checked.code).not.toBe(0);
      // The one error is the body's: the client itself compiles.
      expect(checked.output.trim().split('\n')).toEqual([
        expect.stringMatching(/^src\/main\.ts\(2,\d+\): error TS2322/),
      ]);
    },
    TSC_MS,
  );
});
