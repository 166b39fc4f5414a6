import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startDynamoDb, startSes, startSqs } from '../../local/emulators';
import { sesEmulatorAccount } from '../../local/ses-account';
import { startCallLog } from '../iam/aws-call-log';
import { freePort } from './free-port';
import { startSesIdentitiesPeer } from '../../local/ses-identities-peer';

declare module 'vitest' {
  export interface ProvidedContext {
    endpoints: { dynamo: string; ses: string; sqs: string };
  }
}

/** The fast tier (vitest.config.ts): in-memory ports, no emulator, no JDK. */
const UNIT_PROJECT = 'unit';

/**
 * Starts the real local peers once for the whole run: DynamoDB Local (in memory), the SES v2 emulator
 * and the SQS emulator, each on a free port. Workers learn the endpoints through `inject`. The SQS
 * emulator keeps its data on disk, as `npm start` runs it: its persistence once lost mail that an
 * in-memory emulator kept (issue 9).
 */
export default async function setup(project: TestProject) {
  // Vitest runs the root's global setup for every run; the unit tier alone (`--project unit`) needs no emulator.
  if (project.vitest.projects.every((selected) => selected.name === UNIT_PROJECT)) return;
  // A fresh log of the functions' AWS calls, for the IAM test that runs after the rest (test/iam/aws-call-log.ts).
  startCallLog(project);
  process.env.AWS_SES_ACCOUNT = JSON.stringify(sesEmulatorAccount(50));
  const sqsDir = mkdtempSync(join(tmpdir(), 'test-sqs-'));
  const [dynamo, ses, sqs] = await Promise.all([
    freePort().then((port) => startDynamoDb({ port })),
    freePort().then((port) => startSes({ port })),
    freePort().then((port) => startSqs({ port, dataDir: sqsDir })),
  ]);
  // SES v2's identity operations (sending domains) in front of the SES emulator, which passes the rest on.
  const sesFront = await startSesIdentitiesPeer({ port: await freePort(), ses: ses.endpoint });
  project.provide('endpoints', { dynamo: dynamo.endpoint, ses: sesFront.endpoint, sqs: sqs.endpoint });
  return async () => {
    await Promise.allSettled([dynamo.stop(), sesFront.stop(), ses.stop(), sqs.stop()]);
    rmSync(sqsDir, { recursive: true, force: true });
  };
}
