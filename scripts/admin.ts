/**
 * Operator commands against a deployed table and queues (TABLE_NAME, QUEUE_URL, DLQ_URL, an AWS
 * region and the usual AWS credentials), or against `npm start` with --local. `--help` on any command.
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';

interface Command {
  usage: string;
  about: string;
  /** Environment variables the command needs when not --local. */
  needs: string[];
  /** Works against `npm start` only (--local): there is nothing to name in Needs. */
  localOnly?: true;
}

const COMMANDS: Record<string, Command> = {
  'create-account': {
    usage: 'admin create-account --name <name> [--local]',
    about:
      'Creates an account and its first API key (every permission). Prints {"account_id","api_key"}; the key is ' +
      'shown once.',
    needs: ['TABLE_NAME'],
  },
  resume: {
    usage: 'admin resume --account <account id> [--local]',
    about:
      'Lifts the reputation brake of an account: its sending resumes and its queued mail goes out. Prints the ' +
      "account's sending state.",
    needs: ['TABLE_NAME'],
  },
  'backfill-contacts': {
    usage: 'admin backfill-contacts --account <account id> [--local]',
    about:
      'Makes each subscriber of the account written before contacts were a membership of its contact (the ' +
      'contact made when the address has none); run again, it changes nothing. Prints {"subscribers","named"}.',
    needs: ['TABLE_NAME'],
  },
  'verify-domain': {
    usage: 'admin verify-domain --name <domain> --local',
    about:
      "Marks a sending domain's SES identity verified without DNS, on the local stack only (in AWS, SES verifies " +
      "it by its DKIM records). Prints the domain's id, name and status.",
    needs: [],
    localOnly: true,
  },
  'dlq list': {
    usage: 'admin dlq list [--local]',
    about:
      'Prints each mail in the dead-letter queue (one JSON line each) with the reason it failed; every message ' +
      'stays there.',
    needs: ['DLQ_URL'],
  },
  'dlq redrive': {
    usage: 'admin dlq redrive [--local]',
    about: 'Moves the dead-letter queue back to `queued` and onto the send queue. Prints {"moved","dropped"}.',
    needs: ['TABLE_NAME', 'QUEUE_URL', 'DLQ_URL'],
  },
  'webhook-dlq list': {
    usage: 'admin webhook-dlq list [--local]',
    about:
      'Prints each webhook delivery in its dead-letter queue (one JSON line each) with the reason it failed; every ' +
      'delivery stays there.',
    needs: ['WEBHOOK_DLQ_URL'],
  },
  'webhook-dlq redrive': {
    usage: 'admin webhook-dlq redrive [--local]',
    about:
      'Puts the dead-lettered webhook deliveries back on the webhook queue for a fresh round of retries (same ' +
      'webhook-id). Prints {"moved"}.',
    needs: ['WEBHOOK_QUEUE_URL', 'WEBHOOK_DLQ_URL'],
  },
};

/** How --local finds the running `npm start`: the file it writes in its data folder while it runs. */
const LOCAL = `--local talks to a running \`npm start\`, found by the runtime.json it writes in its data folder
(LOCAL_DATA_DIR, .local by default: give the CLI the LOCAL_DATA_DIR the stack was started with).`;
const TARGET = `Target: ${LOCAL} Otherwise
set the variables named below (stack outputs: TableName, and the queue and dead-letter queue URLs) with an
AWS region (AWS_REGION or AWS_DEFAULT_REGION, or a profile with one) and AWS credentials.`;

const help = (command?: Command) => {
  if (command?.localOnly)
    return `usage: ${command.usage}\n\n${command.about}\n\nTarget: the local stack only. ${LOCAL}\n`;
  if (command) return `usage: ${command.usage}\n\n${command.about}\n\n${TARGET}\nNeeds: ${command.needs.join(', ')}\n`;
  const lines = Object.values(COMMANDS).map((c) => `  ${c.usage.padEnd(44)} ${c.about.split('.')[0]}.`);
  return (
    `usage: npm run --silent admin -- <command> [options]\n\nCommands:\n${lines.join('\n')}\n\nOptions:\n  ` +
    `--local    against the running \`npm start\`\n  --help     this text, or a command's own\n\n${TARGET}\n`
  );
};

const fail = (message: string, code = 2): never => {
  console.error(message);
  process.exit(code);
};

const parseCommandLine = () =>
  parseArgs({
    allowPositionals: true,
    options: {
      name: { type: 'string' },
      account: { type: 'string' },
      local: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
let parsed: ReturnType<typeof parseCommandLine> | undefined;
try {
  parsed = parseCommandLine();
} catch (error) {
  fail(`admin: ${(error as Error).message}\n\n${help()}`);
}
const { values, positionals } = parsed!;
const key = positionals.slice(0, ['dlq', 'webhook-dlq'].includes(positionals[0]) ? 2 : 1).join(' ');
const command = COMMANDS[key];

if (values.help || positionals.length === 0) {
  process.stdout.write(help(command));
  process.exit(0);
}
if (!command) fail(`admin: unknown command "${positionals.join(' ')}"\n\n${help()}`);
if (key === 'create-account' && !values.name) fail(`admin: create-account needs --name\n\n${help(command)}`);
if (key === 'resume' && !values.account) fail(`admin: resume needs --account\n\n${help(command)}`);
if (key === 'backfill-contacts' && !values.account)
  fail(`admin: backfill-contacts needs --account\n\n${help(command)}`);
if (key === 'verify-domain' && !values.name) fail(`admin: verify-domain needs --name\n\n${help(command)}`);
if (key === 'verify-domain' && !values.local)
  fail(
    `admin: verify-domain works on the local stack only (--local): in AWS, SES verifies a domain by its DNS ` +
      `records.\n\n${help(command)}`,
  );

// Stdout carries the commands' JSON answers; the service's own info logs would be mixed into them.
process.env.LOG_LEVEL ??= 'warn';

if (values.local) {
  // What `npm start` wrote about the running local stack (and removes when it stops).
  const dataDir = process.env.LOCAL_DATA_DIR;
  const file = resolve(dataDir ?? '.local', 'runtime.json');
  const where = dataDir === undefined ? 'LOCAL_DATA_DIR is not set here: .local' : `LOCAL_DATA_DIR is ${dataDir}`;
  if (!existsSync(file))
    fail(
      `admin: found no running local stack: no ${file}, which \`npm start\` writes in its data folder while it ` +
        `runs (${where}).\nStart it with \`npm start\`; or, if it runs with another data folder, give the CLI ` +
        `the same one:\n  LOCAL_DATA_DIR=<that folder> npm run admin -- ${positionals.join(' ')} --local`,
      1,
    );
  for (const [name, value] of Object.entries(JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>))
    process.env[name] = value;
} else {
  // Without these the SDK would fail later with "Region is missing" or a call to a default table.
  const missing = command.needs.filter((name) => !process.env[name]);
  const region = process.env.AWS_REGION || process.env.AWS_DEFAULT_REGION || process.env.AWS_PROFILE;
  if (missing.length || !region) {
    const what = [...missing, ...(region ? [] : ['an AWS region (AWS_REGION)'])].join(', ');
    fail(`admin: no target. Use --local for \`npm start\`, or set ${what}.\n\n${help(command)}`);
  }
}

/**
 * One JSON line per item on stdout; an empty queue said on stderr, so that stdout stays JSON lines (none) for
 * a script that reads them.
 */
const printList = (items: unknown[], queue: string) => {
  for (const item of items) console.log(JSON.stringify(item));
  if (items.length === 0) console.error(`${queue} queue is empty.`);
};

const main = async () => {
  if (key === 'create-account') {
    const { adminDeps } = await import('../functions/adapters/wiring');
    const { createAccount } = await import('../functions/domain/accounts');
    const { account, apiKey } = await createAccount(adminDeps(), values.name!);
    console.log(JSON.stringify({ account_id: account.id, api_key: apiKey }));
    return;
  }
  if (key === 'backfill-contacts') {
    const { backfillDeps } = await import('../functions/adapters/wiring');
    const { backfillContacts } = await import('../functions/domain/contacts/backfill');
    console.log(JSON.stringify(await backfillContacts(backfillDeps(), values.account!)));
    return;
  }
  if (key === 'resume') {
    const { reputationDeps } = await import('../functions/adapters/wiring');
    const { dynamoAccountStore } = await import('../functions/adapters/dynamo/account-store');
    const { resumeSending } = await import('../functions/domain/reputation/reputation');
    // A mistyped id must not look like a success.
    if (!(await dynamoAccountStore().get(values.account!))) fail(`admin: there is no account ${values.account}`, 1);
    console.log(
      JSON.stringify({ account_id: values.account, ...(await resumeSending(reputationDeps(), values.account!)) }),
    );
    return;
  }
  if (key === 'verify-domain') {
    const { domainDeps } = await import('../functions/adapters/wiring');
    const { normalizeDomainName } = await import('../functions/domain/domains/name');
    const { verifyDomain } = await import('../functions/domain/domains/domains');
    const normalized = normalizeDomainName(values.name!);
    if (!normalized.ok) fail(`admin: ${normalized.message}`);
    const name = normalized.ok ? normalized.name : '';
    const deps = domainDeps();
    const domain = await deps.domains.findByName(name);
    if (!domain) fail(`admin: there is no sending domain ${name}`, 1);
    // The local SES identity peer's own shortcut (local/ses-identities-peer.ts); then the domain is checked
    // as verify does.
    const marked = await fetch(
      `${process.env.AWS_ENDPOINT_URL_SESV2}/_local/identities/${encodeURIComponent(name)}/verify`,
      { method: 'POST' },
    );
    if (!marked.ok) fail(`admin: the local SES peer has no identity ${name} (${marked.status})`, 1);
    const checked = await verifyDomain(deps, domain!.account_id, domain!.id);
    console.log(JSON.stringify({ id: checked.id, name: checked.name, status: checked.status }));
    return;
  }
  const { config } = await import('../functions/config');
  if (key.startsWith('webhook-dlq')) {
    const { sqsWebhookDeadLetters, sqsWebhookQueue } = await import('../functions/adapters/sqs-webhook-queue');
    const { listWebhookDeadLetters, redriveWebhookDeadLetters } = await import(
      '../functions/domain/webhooks/dead-letters'
    );
    const deadLetters = sqsWebhookDeadLetters(config.webhookDeadLetterQueueUrl);
    if (key === 'webhook-dlq list') printList(await listWebhookDeadLetters(deadLetters), 'The webhook dead-letter');
    else
      console.log(
        JSON.stringify(
          await redriveWebhookDeadLetters({
            deadLetters,
            queue: sqsWebhookQueue(config.webhookQueueUrl, config.webhookDeadLetterQueueUrl),
          }),
        ),
      );
    return;
  }
  const { sqsDeadLetterQueue } = await import('../functions/adapters/sqs-send-queue');
  const { listDeadLetters, redriveDeadLetters } = await import('../functions/domain/queue/dead-letters');
  const deadLetters = sqsDeadLetterQueue(config.deadLetterQueueUrl);
  if (key === 'dlq list') {
    printList(await listDeadLetters(deadLetters), 'The dead-letter');
    return;
  }
  const { dynamoMessageStore } = await import('../functions/adapters/dynamo/message-store');
  const { systemClock } = await import('../functions/adapters/system');
  const { enqueuingSendQueue } = await import('../functions/adapters/wiring');
  // With DRAIN_START_QUEUE_URL (stack output DrainStartQueueUrl) the redriven mail leaves at once.
  const queue = enqueuingSendQueue();
  console.log(
    JSON.stringify(
      await redriveDeadLetters({ deadLetters, queue, messages: dynamoMessageStore(), clock: systemClock }),
    ),
  );
};

main().catch((error: Error) => fail(`admin: ${error.message}`, 1));
