import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { QUEUES, type QueueDeclaration } from '../../functions/queues';
import type { DeployedFunction } from '../iam/function-policies';

type Json = Record<string, any>;

const runner = fileURLToPath(new URL('./invoke-bundle.mjs', import.meta.url));

export interface BundleOutcome {
  ok: boolean;
  result?: any;
  error?: string;
  /** What the function wrote (its log lines). */
  output: string;
}

/** The asset directory `cdk synth` wrote the function's code to (asset.<hash>, named by its S3 key). */
export const assetDirOf = (outdir: string, template: Json, fn: DeployedFunction) =>
  join(outdir, `asset.${String(template.Resources[fn.logicalId].Properties.Code.S3Key).replace(/\.zip$/, '')}`);

/**
 * The whole environment of the function's process as Lambda gives it: the variables its template
 * sets (every reference resolved, test/iam/function-policies.ts), the table's and buckets' names and the queues'
 * URLs swapped for this test file's own, and Lambda's runtime variables; nothing of the test
 * process's own. The SDK reaches the emulators through its AWS_ENDPOINT_URL_* variables.
 */
export const lambdaEnvironment = (
  fn: DeployedFunction,
  template: Json,
  dir: string,
  endpoints: { secretsManager: string },
) => {
  const env: Record<string, string> = { ...fn.environment };
  if ('TABLE_NAME' in env) env.TABLE_NAME = process.env.TABLE_NAME!;
  if ('INBOUND_BUCKET' in env) env.INBOUND_BUCKET = process.env.INBOUND_BUCKET ?? '';
  if ('ATTACHMENTS_BUCKET' in env) env.ATTACHMENTS_BUCKET = process.env.ATTACHMENTS_BUCKET ?? '';
  for (const declared of Object.values(QUEUES) as QueueDeclaration[]) {
    // The drain-start queue has no copy in the tests (they drain when they choose): starts are skipped.
    if (declared.urlEnv && declared.urlEnv in env) env[declared.urlEnv] = process.env[declared.urlEnv] ?? '';
  }
  const properties = template.Resources[fn.logicalId].Properties;
  return {
    ...env,
    PATH: process.env.PATH!,
    TZ: ':UTC',
    LAMBDA_TASK_ROOT: dir,
    AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs22.x',
    AWS_LAMBDA_FUNCTION_NAME: fn.logicalId,
    AWS_LAMBDA_FUNCTION_MEMORY_SIZE: String(properties.MemorySize ?? 128),
    AWS_REGION: 'us-east-1',
    AWS_DEFAULT_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'test',
    AWS_SECRET_ACCESS_KEY: 'test',
    AWS_ENDPOINT_URL_DYNAMODB: process.env.AWS_ENDPOINT_URL_DYNAMODB!,
    AWS_ENDPOINT_URL_SQS: process.env.AWS_ENDPOINT_URL_SQS!,
    AWS_ENDPOINT_URL_SESV2: process.env.AWS_ENDPOINT_URL_SESV2!,
    AWS_ENDPOINT_URL_S3: process.env.AWS_ENDPOINT_URL_S3 ?? '',
    AWS_ENDPOINT_URL_SECRETS_MANAGER: endpoints.secretsManager,
  };
};

/**
 * Runs the bundle in `dir` once in a fresh Node process with `env`, handing its handler `event`
 * (test/artifacts/invoke-bundle.mjs).
 */
export const runBundle = (dir: string, env: Record<string, string>, event: unknown, timeoutSeconds: number) =>
  new Promise<BundleOutcome>((resolve, reject) => {
    const child = spawn(process.execPath, [runner, dir, String(timeoutSeconds)], {
      cwd: dir,
      env,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    const timer = setTimeout(() => child.kill('SIGKILL'), (timeoutSeconds + 20) * 1000);
    child.on('error', reject);
    child.on('close', () => {
      clearTimeout(timer);
      const line = output.split('\n').find((l) => l.startsWith('@@OUTCOME '));
      if (!line) return resolve({ ok: false, error: 'the process ended without an outcome', output });
      try {
        resolve({ ...(JSON.parse(line.slice('@@OUTCOME '.length)) as Omit<BundleOutcome, 'output'>), output });
      } catch (error) {
        resolve({ ok: false, error: `unreadable outcome: ${String(error)}`, output });
      }
    });
    child.stdin.end(JSON.stringify(event));
  });

/** Runs `tasks` at most `limit` at a time (two cores: each bundle is a process of its own). */
export const inParallel = async <T>(tasks: (() => Promise<T>)[], limit = 3) => {
  const results: T[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < tasks.length) {
        const index = next++;
        results[index] = await tasks[index]();
      }
    }),
  );
  return results;
};
