import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import type { RecordedCall } from '../../functions/adapters/call-log';

const dir = fileURLToPath(new URL('../../.aws-calls/', import.meta.url));
/** Where every test worker appends the calls its functions make (functions/adapters/call-log.ts). */
export const CALL_LOG_FILE = `${dir}calls.jsonl`;
const RUN_FILE = `${dir}run.json`;

/**
 * Starts a fresh log for the service tests (the global setup of their project calls it). It notes
 * whether the run is the whole suite: only then can a granted action no call used be told apart from
 * one the tests of this run did not reach.
 */
export const startCallLog = (project: TestProject) => {
  // Vitest keeps a run's file filters here (`vitest run test/api/x.test.ts`); none: every file runs.
  const filters = (project.vitest as unknown as { filenamePattern?: string[] }).filenamePattern ?? [];
  const namePattern = project.vitest.config.testNamePattern;
  // A run of the IAM test alone reads the log the last run left.
  if (filters.length && filters.every((filter) => filter.includes('test/iam'))) return;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(CALL_LOG_FILE, '');
  writeFileSync(RUN_FILE, JSON.stringify({ complete: filters.length === 0 && !namePattern, filters }));
};

/** The recorded calls, one per distinct line, and whether the whole suite made them. */
export const readCallLog = (): { calls: RecordedCall[]; complete: boolean } => {
  if (!existsSync(CALL_LOG_FILE)) return { calls: [], complete: false };
  const calls = [
    ...new Set(
      readFileSync(CALL_LOG_FILE, 'utf8')
        .split('\n')
        .filter((line) => line.trim()),
    ),
  ].map((line) => JSON.parse(line) as RecordedCall);
  const { complete } = existsSync(RUN_FILE)
    ? (JSON.parse(readFileSync(RUN_FILE, 'utf8')) as { complete: boolean })
    : { complete: false };
  return { calls, complete };
};
