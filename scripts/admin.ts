/**
 * Operator commands against a deployed table and queues (TABLE_NAME, QUEUE_URL, DLQ_URL and the usual
 * AWS credentials), or against `npm start` with --local.
 *
 *   npm run --silent admin -- create-account --name <name> [--local]
 *   npm run --silent admin -- dlq list [--local]
 *   npm run --silent admin -- dlq redrive [--local]
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { name: { type: 'string' }, local: { type: 'boolean', default: false } },
});

const usage = () => {
  console.error('usage: admin create-account --name <name> [--local] | admin dlq list [--local] | admin dlq redrive [--local]');
  process.exit(2);
};

if (values.local) {
  // What `npm start` wrote about the running local stack.
  const file = resolve(process.env.LOCAL_DATA_DIR ?? '.local', 'runtime.json');
  if (!existsSync(file)) {
    console.error('The local stack is not running: start it with `npm start` first.');
    process.exit(1);
  }
  for (const [name, value] of Object.entries(JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>)) process.env[name] = value;
}

const main = async () => {
  const [command, sub] = positionals;
  if (command === 'create-account') {
    if (!values.name) usage();
    const { adminDeps } = await import('../functions/adapters/wiring');
    const { createAccount } = await import('../functions/domain/accounts');
    const { account, apiKey } = await createAccount(adminDeps(), values.name!);
    console.log(JSON.stringify({ account_id: account.id, api_key: apiKey }));
    return;
  }
  if (command === 'dlq' && (sub === 'list' || sub === 'redrive')) {
    const { config } = await import('../functions/config');
    const { sqsDeadLetterQueue, sqsSendQueue } = await import('../functions/adapters/sqs-send-queue');
    const { dynamoMessageStore } = await import('../functions/adapters/dynamo/message-store');
    const { listDeadLetters, redriveDeadLetters } = await import('../functions/domain/queue/dead-letters');
    const deadLetters = sqsDeadLetterQueue(config.deadLetterQueueUrl);
    if (sub === 'list') {
      for (const item of await listDeadLetters(deadLetters)) console.log(JSON.stringify(item));
    } else {
      const queue = sqsSendQueue(config.queueUrl, config.deadLetterQueueUrl);
      const { systemClock } = await import('../functions/adapters/system');
      console.log(JSON.stringify(await redriveDeadLetters({ deadLetters, queue, messages: dynamoMessageStore(), clock: systemClock })));
    }
    return;
  }
  usage();
};

main().catch((error: Error) => {
  console.error(`admin: ${error.message}`);
  process.exit(1);
});
