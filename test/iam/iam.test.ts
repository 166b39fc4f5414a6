import { beforeAll, describe, expect, it } from 'vitest';
import type { RecordedCall } from '../../functions/adapters/call-log';
import { createApp } from '../../lib/app';
import { scratchDir } from '../support/scratch-dir';
import { readCallLog } from './aws-call-log';
import { deployedFunctions } from './function-policies';
import { grantTable } from './grant-table';
import { decide, iamRequests } from './simulate';

let deployed: ReturnType<typeof deployedFunctions>;
let calls: RecordedCall[];
let complete: boolean;
/** The synthesized app (about 250 MB), removed after the file. */
const outdir = scratchDir('cdk-iam-');

beforeAll(() => {
  ({ calls, complete } = readCallLog());
  const { app, stack } = createApp({ outdir });
  app.synth();
  deployed = deployedFunctions(stack);
}, 240_000);

/**
 * What is deployed is what was tested (docs/promises.md): every AWS call the service tests recorded
 * (functions/adapters/call-log.ts) is evaluated against the IAM policy the synthesized template gives
 * the function that made it, by a real policy evaluator (@cloud-copilot/iam-simulate).
 */
describe('IAM, simulated against the calls the tests made', () => {
  it('has calls recorded by the service tests (this project runs after them)', () => {
    expect(calls.length, 'no AWS calls recorded: run the service tests first (npm test)').toBeGreaterThan(0);
  });

  it('allows every recorded call of every function', async () => {
    const denied: string[] = [];
    for (const call of calls) {
      const fn = deployed.functions.get(call.function);
      if (!fn) {
        denied.push(`${call.function}: no such function in the template`);
        continue;
      }
      let requests: ReturnType<typeof iamRequests>;
      try {
        requests = iamRequests(fn, call, deployed.template, deployed.resolve);
      } catch (error) {
        denied.push((error as Error).message);
        continue;
      }
      for (const request of requests) {
        const decision = await decide(fn, request);
        if (decision !== 'Allowed')
          denied.push(
            `${call.function}: ${request.action} on ${request.resource} ${JSON.stringify(request.context)}: ` +
              `${decision}`,
          );
      }
    }
    expect([...new Set(denied)]).toEqual([]);
  }, 120_000);

  it('gives a reason in code (lib/unused-grants.ts) for every granted action no test used', (context) => {
    // A run of some files only leaves most grants unused: that says nothing of the grants.
    if (!complete) context.skip();
    const missing = grantTable(deployed, calls).flatMap((row) =>
      row.unused.filter((grant) => !grant.reason).map((grant) => `${row.handler}: ${grant.action}`),
    );
    expect(missing).toEqual([]);
  });
});
