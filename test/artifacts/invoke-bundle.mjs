// Runs one synthesized Lambda bundle as the Node 22 runtime does, in a fresh process whose whole
// environment the caller gives (test/artifacts/run-bundle.ts): imports <asset dir>/index.mjs, calls
// its `handler` with the event read from stdin and a Lambda context, and prints the outcome on a
// line of its own after whatever the function logged. Plain JavaScript: nothing of the repository
// is loaded beside the bundle.
import { randomUUID } from 'node:crypto';
import { pathToFileURL } from 'node:url';

const [dir, timeoutSeconds = '10'] = process.argv.slice(2);
let input = '';
for await (const chunk of process.stdin) input += chunk;
const deadline = Date.now() + Number(timeoutSeconds) * 1000;
const context = {
  functionName: process.env.AWS_LAMBDA_FUNCTION_NAME,
  awsRequestId: randomUUID(),
  getRemainingTimeInMillis: () => deadline - Date.now(),
  callbackWaitsForEmptyEventLoop: false,
};
let outcome;
try {
  const { handler } = await import(pathToFileURL(`${dir}/index.mjs`).href);
  outcome = { ok: true, result: (await handler(JSON.parse(input), context)) ?? null };
} catch (error) {
  outcome = { ok: false, error: String(error?.stack ?? error) };
}
// Exit once the line is out: a pipe takes a large answer (the reference page) in several writes.
process.stdout.write(`\n@@OUTCOME ${JSON.stringify(outcome)}\n`, () => process.exit(0));
