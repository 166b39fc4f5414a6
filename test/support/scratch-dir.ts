import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';

/**
 * A fresh folder in the system's temp folder for what a test file writes, removed after the file (or the
 * describe block it is made in) whether its tests passed or failed: a synthesized stack is about 250 MB,
 * and a run that leaves its folders behind fills a developer's disk and a CI machine's, run after run.
 *
 * Call it while the file is collected (its top level or a describe body), not in a hook or a test: vitest
 * runs no afterAll that is registered once the tests run. A test that needs folders of its own makes them
 * inside this one.
 */
export const scratchDir = (prefix: string) => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const remove = () => rmSync(dir, { recursive: true, force: true });
  // Outside vitest (the bench's local stack uses the fixtures too) there is no afterAll: removed at exit.
  if (process.env.VITEST) afterAll(remove);
  else process.once('exit', remove);
  return dir;
};
