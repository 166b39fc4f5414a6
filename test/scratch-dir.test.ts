import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { scratchDir } from './support/scratch-dir';

/**
 * Tests leave nothing in the system's temp folder (issue 37): each `npm test` used to leave about 1 GB of
 * synthesized stacks (cdk-* folders) behind. What a test file writes goes in a scratchDir.
 */
describe('scratchDir', () => {
  let passed = '';
  let failed = '';
  describe('in a block whose test passes', () => {
    passed = scratchDir('scratch-passed-');
    it('is a folder the test writes into', () => {
      writeFileSync(join(passed, 'manifest.json'), '{}');
      expect(readdirSync(passed)).toEqual(['manifest.json']);
    });
  });
  describe('in a block whose test fails', () => {
    failed = scratchDir('scratch-failed-');
    it.fails('is a folder the test writes into before it fails', () => {
      mkdirSync(join(failed, 'asset.0123'));
      writeFileSync(join(failed, 'asset.0123', 'index.mjs'), 'export {}');
      throw new Error('the synth failed');
    });
  });
  it('is removed after its block, whether the test passed or failed', () => {
    expect(passed).not.toBe('');
    expect(existsSync(passed)).toBe(false);
    expect(existsSync(failed)).toBe(false);
  });
});

const TEST_ROOT = fileURLToPath(new URL('.', import.meta.url));
/** Files that may make a temp folder without scratchDir, and why it is removed anyway. */
const REMOVE_THEIR_OWN = new Map([
  ['support/scratch-dir.ts', 'the helper itself'],
  ['support/global-setup.ts', 'outside any test file: its teardown removes the emulator folder'],
  ['reference-page.test.ts', 'a chromium profile per page load, removed in a finally'],
  ['scratch-dir.test.ts', 'this file: the patterns below'],
]);
const sourcesOf = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sourcesOf(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : [],
  );

describe('the test files', () => {
  const files = sourcesOf(TEST_ROOT)
    .map((path) => ({ name: relative(TEST_ROOT, path), text: readFileSync(path, 'utf8') }))
    .filter(({ name }) => !REMOVE_THEIR_OWN.has(name));

  it('make their temp folders with scratchDir, which removes them', () => {
    const own = files.filter(({ text }) => /\bmkdtemp(Sync)?\(|\btmpdir\(\)/.test(text)).map(({ name }) => name);
    expect(own).toEqual([]);
  });

  it('give every CDK app an outdir (without one it synthesizes into a cdk.out* temp folder nobody removes)', () => {
    const calls = files.flatMap(({ name, text }) =>
      [...text.matchAll(/\b(?:new App|createApp)\(([^)]*)\)/g)].map((call) => ({ name, call: call[0] })),
    );
    expect(calls.length).toBeGreaterThan(0);
    expect(calls.filter(({ call }) => !/\boutdir\b/.test(call))).toEqual([]);
  });
});
