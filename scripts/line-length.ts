/**
 * `npm run lint`, after `biome check`: fails on any line of the repository's own source (.ts, .tsx,
 * .mjs) longer than 120 characters. Biome's formatter wraps code at 120 columns but leaves strings
 * and comments as they are; this catches those. Generated files are not ours to wrap: the client's
 * types (`npm run docs`), the built console, the recorded payloads under test/fixtures.
 * `--summary` prints a count per file instead of every line.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const MAX = 120;
const SOURCE = /\.(ts|tsx|mjs)$/;
const GENERATED = [/^client\/schema\.d\.ts$/, /^console\/dist\//, /^test\/fixtures\//];

const root = fileURLToPath(new URL('..', import.meta.url));

/** Tracked files and new ones not ignored: what a commit would hold. */
const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
  cwd: root,
  encoding: 'utf8',
})
  .split('\n')
  .filter((file) => SOURCE.test(file) && !GENERATED.some((pattern) => pattern.test(file)));

const long: { file: string; line: number; length: number }[] = [];
for (const file of files) {
  let text: string;
  try {
    text = readFileSync(`${root}${file}`, 'utf8');
  } catch {
    continue; // deleted in the work tree, not yet in the index
  }
  text.split('\n').forEach((content, index) => {
    // Characters as a reader counts them (code points), not UTF-16 units.
    const length = [...content].length;
    if (length > MAX) long.push({ file, line: index + 1, length });
  });
}

if (process.argv.includes('--summary')) {
  const perFile = new Map<string, number>();
  for (const { file } of long) perFile.set(file, (perFile.get(file) ?? 0) + 1);
  for (const [file, count] of perFile) console.log(`${count}\t${file}`);
} else {
  for (const { file, line, length } of long) console.log(`${file}:${line}: ${length} characters`);
}
if (long.length) {
  console.error(`line-length: ${long.length} lines over ${MAX} characters`);
  process.exit(1);
}
