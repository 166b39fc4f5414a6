/**
 * Writes docs/iam.md: per function, the IAM actions its synthesized policy grants, those the test
 * suite's recorded AWS calls used, and the unused ones with their reason (lib/unused-grants.ts).
 * Reads the call log of the last whole `npm test` (.aws-calls/); refuses a partial one.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../lib/app';
import { readCallLog } from '../test/iam/aws-call-log';
import { deployedFunctions } from '../test/iam/function-policies';
import { grantReport, grantTable } from '../test/iam/grant-table';

const { calls, complete } = readCallLog();
if (!complete && !process.argv.includes('--partial')) {
  console.error(
    'The call log is not from a whole test run: run `npm test` first (or pass --partial to write it anyway).',
  );
  process.exit(1);
}
const { app, stack } = createApp({ outdir: mkdtempSync(join(tmpdir(), 'cdk-iam-report-')) });
app.synth();
const deployed = deployedFunctions(stack);
writeFileSync(new URL('../docs/iam.md', import.meta.url), grantReport(grantTable(deployed, calls)));
console.log(`docs/iam.md: ${deployed.functions.size} functions, ${calls.length} recorded calls`);
