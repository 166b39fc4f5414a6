/**
 * `npm run bench`: synthesizes the stack, then measures cold start per function, AWS calls per
 * operation, drain throughput, webhook deliveries per second, local latency and throughput, and cost per
 * million mails, and writes bench/report.md and bench/report.json. About four minutes on two cores, half
 * of it seeding 10,000 subscribers for the deep-page measure (BENCH_SUBSCRIBERS lowers it). The campaign
 * fan-out to 100,000 subscribers adds about ten minutes on two cores (10,000 took 16 s to seed and 48 s to
 * fan out; DynamoDB Local is the slow part); BENCH_FANOUT lowers it.
 * `npm run bench -- --only cold-start`: synthesis and section 1 only, printed, no report written
 *   (BENCH_FUNCTIONS=mail-send,mail-cancel: those functions only; BENCH_RUNS: runs per function, 3).
 * `npm run bench -- --only import`: section 3f only (a bulk import of 100,000 rows; BENCH_IMPORT lowers it),
 *   printed, no synthesis, no report written.
 * `npm run bench -- --only drain`: section 3 only (drain throughput at BENCH_DRAIN_RATES, 14/s, 100/s and
 *   1,000/s), printed, no synthesis, no report written.
 * `npm run bench -- --only calls`: section 2 only (AWS calls and capacity per operation), printed, no
 *   synthesis, no report written.
 * `npm run bench -- --only kept-body`: what keeping a message's body costs per mail (section 5), printed, no
 *   synthesis, no report written.
 * `npm run bench -- --only request-log`: what the request log costs per mail sent through the API (section 5c),
 *   printed, no synthesis, no report written.
 * `npm run bench -- --only streams`: a batch of 10 while a campaign drains (BENCH_STREAMS_RECIPIENTS, 10,000,
 *   at BENCH_STREAMS_RATE, 100/s), printed, no report written.
 * `npm run bench -- --only mail-log`: the message log's page cost after BENCH_MESSAGES (10,000) messages,
 *   printed, no report written.
 * `npm run bench -- --only templates`: template rendering for 1,000 readers only, printed, no stack, no
 *   report written.
 * `npm run bench -- --only worst-html`: section 3e only (CPU of a worst-case 512 KiB HTML body), printed, no
 *   stack, no report written.
 * `npm run bench -- --only worst-templates`: section 3g only (CPU of templates that multiply work), printed,
 *   no stack, no report written.
 * `npm run bench -- --only smtp`: the SMTP relay beside POST /mail/send (mails/s over 5 and 20 connections,
 *   DATA to 250, memory per idle connection), printed, no report written.
 * `npm run bench -- --only synth`: section 0 only (the synthesis, timed), printed, no report written.
 * `npm run bench -- --only automations`: BENCH_AUTOMATION_RUNS (10,000) automation runs started by one burst of
 *   events, the runner's AWS calls and capacity per step and per delay released, and a transactional send's
 *   answer time meanwhile (bench/automation-burst.ts), printed, no report written.
 * `npm run bench -- --only contacts`: issue 39's rows: AWS calls per contact create and per membership, and a
 *   broadcast with a topic filter to BENCH_TOPIC_FANOUT (100,000) members, printed, no report written.
 */
import { execFileSync } from 'node:child_process';
import { cpus } from 'node:os';
import { resolve } from 'node:path';
import { routes } from '../functions/routes';
import { automationBurstSection, measureAutomationBurst } from './automation-burst';
import { countAwsCalls, countContactCalls } from './aws-calls';
import { measureColdStarts, registerRoutes } from './cold-start';
import { costPerMillion } from './cost';
import { keptBodySection, measureKeptBody } from './kept-body';
import { measureRequestLog, requestLogSection } from './request-log';
import { measureDeepPage } from './deep-page';
import { measureDrain } from './drain-throughput';
import { measureHandOff } from './hand-off';
import { measureFanout } from './fanout';
import { measureTopicFanout, topicFanoutSection } from './contacts';
import { importSection, measureImport } from './import';
import { measureLoad } from './load';
import { mailLogSection, measureMailLog } from './mail-log';
import { measureStreams, streamsSection } from './streams';
import { measureSmtpRelay, type RelayMeasure, smtpRelaySection } from './smtp-relay';
import { startLocalStack, type LocalStack } from './local-stack';
import {
  callsSection,
  coldStartSection,
  drainSection,
  synthSection,
  templateSection,
  worstHtmlSection,
  worstTemplatesSection,
  writeReport,
} from './report';
import { measureSynth } from './synth-time';
import { measureTemplateRender } from './template-render';
import { measureWebhookDeliveries } from './webhook-throughput';
import { measureWorstCaseHtml } from './worst-case-html';
import { measureWorstCaseTemplates } from './worst-case-templates';

const SES_RATE = 14; // SES's default production MaxSendRate

const begun = Date.now();
const step = (what: string) =>
  console.log(`[bench] ${((Date.now() - begun) / 1000).toFixed(0).padStart(4)} s  ${what}`);

const onlyAt = process.argv.indexOf('--only');
const only = onlyAt === -1 ? undefined : process.argv[onlyAt + 1];
/** Sections that need no local stack: each runs alone with `--only <name>`, printed, no report written. */
const STANDALONE: Record<string, { what: string; run: () => string[] | Promise<string[]> }> = {
  templates: {
    what: 'template rendering for 1,000 readers',
    run: async () => templateSection(await measureTemplateRender()),
  },
  'worst-html': { what: 'a worst-case 512 KiB HTML body', run: () => worstHtmlSection(measureWorstCaseHtml()) },
  'worst-templates': {
    what: 'templates that multiply work',
    run: async () => worstTemplatesSection(await measureWorstCaseTemplates()),
  },
};
const ALONE = [
  'synth',
  'cold-start',
  'calls',
  'kept-body',
  'request-log',
  'drain',
  'import',
  'mail-log',
  'streams',
  'smtp',
  'automations',
  'contacts',
  ...Object.keys(STANDALONE),
];
const importRows = () => Number(process.env.BENCH_IMPORT ?? 100_000);
const topicMembers = () => Number(process.env.BENCH_TOPIC_FANOUT ?? 100_000);
/** Issue 27's rates: SES's default, a raised quota, and a large account's. */
const drainRates = () => (process.env.BENCH_DRAIN_RATES ?? '14,100,1000').split(',').map(Number);
/** Ten seconds of sending at each rate (at least 150 mails, so the slowest rate still measures a pace). */
const measureDrains = async (stack: LocalStack) => {
  const runs = [];
  for (const rate of drainRates()) {
    step(`drain throughput at ${rate}/s`);
    runs.push(await measureDrain(stack, Math.max(150, rate * Number(process.env.BENCH_DRAIN_SECONDS ?? 10)), rate));
  }
  return runs;
};
if (only !== undefined && !ALONE.includes(only))
  throw new Error(`--only ${only}: the sections that run alone are ${ALONE.join(', ')}`);

const main = async () => {
  const started = Date.now();
  const standalone = only === undefined ? undefined : STANDALONE[only];
  if (standalone) {
    step(standalone.what);
    console.log((await standalone.run()).join('\n'));
    return;
  }
  if (only === 'streams') {
    step('starting the local stack');
    const stack = await startLocalStack(SES_RATE);
    try {
      step('lanes: a batch while a campaign drains');
      const recipients = Number(process.env.BENCH_STREAMS_RECIPIENTS ?? 10_000);
      console.log(
        streamsSection(await measureStreams(stack, recipients, Number(process.env.BENCH_STREAMS_RATE ?? 100))).join(
          '\n',
        ),
      );
    } finally {
      await stack.stop();
    }
    return;
  }
  if (only === 'drain') {
    step('starting the local stack');
    const stack = await startLocalStack(SES_RATE);
    try {
      console.log(drainSection(await measureDrains(stack)).join('\n'));
    } finally {
      await stack.stop();
    }
    return;
  }
  if (only === 'smtp') {
    step('starting the local stack');
    // SES's rate would pace both paths alike (a send waits for its slot): measured with room to spare.
    const stack = await startLocalStack(10_000);
    try {
      step('the SMTP relay beside POST /mail/send');
      const measure = await measureSmtpRelay(stack);
      // The full run reads the figures as JSON from the last line (a process of its own: see below).
      console.log(process.env.BENCH_SMTP_JSON ? JSON.stringify(measure) : smtpRelaySection(measure).join('\n'));
    } finally {
      await stack.stop();
    }
    return;
  }
  if (only === 'automations') {
    step('starting the local stack');
    // SES's rate would pace the sends the runs make (each waits for its slot): measured with room to spare.
    const stack = await startLocalStack(10_000);
    try {
      const runs = Number(process.env.BENCH_AUTOMATION_RUNS ?? 10_000);
      step(`automations: ${runs} runs started by one burst of events`);
      console.log(automationBurstSection(await measureAutomationBurst(stack, runs)).join('\n'));
    } finally {
      await stack.stop();
    }
    return;
  }
  if (only === 'mail-log') {
    step('starting the local stack');
    const stack = await startLocalStack(SES_RATE);
    try {
      step('message log page cost');
      console.log(mailLogSection(await measureMailLog(stack, Number(process.env.BENCH_MESSAGES ?? 10_000))).join('\n'));
    } finally {
      await stack.stop();
    }
    return;
  }
  if (only === 'import') {
    step('starting the local stack');
    const stack = await startLocalStack(SES_RATE);
    try {
      step(`bulk import of ${importRows()} rows`);
      console.log(importSection(await measureImport(stack, importRows())).join('\n'));
    } finally {
      await stack.stop();
    }
    return;
  }
  if (only === 'contacts') {
    step('starting the local stack');
    const stack = await startLocalStack(SES_RATE);
    try {
      step('AWS calls per contact create and per membership');
      console.log(callsSection(await countContactCalls(stack)).join('\n'));
      step(`a broadcast with a topic filter to ${topicMembers()} members`);
      console.log(topicFanoutSection(await measureTopicFanout(stack, topicMembers())).join('\n'));
    } finally {
      await stack.stop();
    }
    return;
  }
  if (only === 'calls') {
    step('starting the local stack');
    const stack = await startLocalStack(SES_RATE);
    try {
      step('AWS calls per operation');
      console.log(callsSection(await countAwsCalls(stack)).join('\n'));
    } finally {
      await stack.stop();
    }
    return;
  }
  if (only === 'kept-body') {
    step('starting the local stack');
    const stack = await startLocalStack(SES_RATE);
    try {
      step('the cost of keeping a message body');
      console.log(keptBodySection(await measureKeptBody(stack)).join('\n'));
    } finally {
      await stack.stop();
    }
    return;
  }
  if (only === 'request-log') {
    step('starting the local stack');
    const stack = await startLocalStack(SES_RATE);
    try {
      step('the cost of the request log');
      console.log(requestLogSection(await measureRequestLog(stack)).join('\n'));
    } finally {
      await stack.stop();
    }
    return;
  }
  step('synthesizing the stack (cdk synth), timed');
  const cdkOut = resolve('bench/out/cdk.out');
  const synth = measureSynth(cdkOut);
  if (only === 'synth') {
    console.log(synthSection(synth).join('\n'));
    return;
  }

  step('cold start per function');
  registerRoutes(routes);
  const coldStarts = await measureColdStarts(
    cdkOut,
    Number(process.env.BENCH_RUNS ?? 3),
    process.env.BENCH_FUNCTIONS?.split(','),
  );
  if (only === 'cold-start') {
    console.log(coldStartSection(coldStarts).join('\n'));
    return;
  }

  // The SMTP relay beside POST /mail/send, on a stack of its own whose SES has room to spare (SES's
  // rate would pace both paths alike): first, before the heavy sections slow the emulators down.
  // In a process of its own: the SDK clients are made once a process, for the first stack's ports.
  step('the SMTP relay beside POST /mail/send');
  const relayOutput = execFileSync(process.execPath, ['--import', 'tsx', 'bench/run.ts', '--only', 'smtp'], {
    env: { ...process.env, BENCH_SMTP_JSON: '1' },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const smtpRelay = JSON.parse(relayOutput.trim().split('\n').pop()!) as RelayMeasure;

  step('starting the local stack');
  const stack = await startLocalStack(SES_RATE);
  try {
    step('AWS calls per operation');
    const calls = await countAwsCalls(stack);
    step('the cost of keeping a message body');
    const keptBody = await measureKeptBody(stack);
    const requestLog = await measureRequestLog(stack);
    step('webhook deliveries per second of one consumer');
    const webhooks = await measureWebhookDeliveries(stack, Number(process.env.BENCH_WEBHOOKS ?? 500));
    // Before the heavy ones (10,000 subscribers, the load test): DynamoDB Local is still digesting their
    // writes for a while after, which made the first sends here seconds late.
    step('time from accept to hand-off (drain timer at 60 s)');
    const handOff = await measureHandOff(stack);
    // It makes a proxied provider the account's default.
    const drain = await measureDrains(stack);
    // Both made providers whose emulators or proxies are gone the default: the account's own again.
    await fetch(`${stack.baseUrl}/api/v1/providers/${stack.sesProviderId}`, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${stack.apiKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ is_default: true }),
    }).then((answer) => {
      if (!answer.ok) throw new Error(`could not make the SES provider the default again (${answer.status})`);
    });
    step('10,000 subscribers: a page at offset 9,900');
    const deepPage = await measureDeepPage(stack, Number(process.env.BENCH_SUBSCRIBERS ?? 10_000), 9_900);
    step('local latency and throughput');
    const load = await measureLoad(stack, Number(process.env.BENCH_SECONDS ?? 2), [1, 10, 50]);
    step(`bulk import of ${importRows()} rows`);
    const bulkImport = await measureImport(stack, importRows());
    // Last: its 100,000 queued mails slow the SQS emulator (and DynamoDB Local) for whatever would run after.
    const fanoutSize = Number(process.env.BENCH_FANOUT ?? 100_000);
    step(`campaign fan-out to ${fanoutSize} subscribers`);
    const fanout = await measureFanout(stack, fanoutSize);
    step(`a broadcast with a topic filter to ${topicMembers()} members`);
    const topicFanout = await measureTopicFanout(stack, topicMembers());
    const cost = costPerMillion(calls, load, SES_RATE, fanout);
    step('template rendering for 1,000 readers');
    const templates = await measureTemplateRender();
    step('a worst-case 512 KiB HTML body');
    const worstHtml = measureWorstCaseHtml();
    step('templates that multiply work');
    const worstTemplates = await measureWorstCaseTemplates();
    writeReport({
      synth,
      bulkImport,
      fanout,
      topicFanout,
      templates,
      worstHtml,
      worstTemplates,
      date: new Date().toISOString(),
      machine: `${cpus().length} cores, ${cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.version}`,
      coldStarts,
      calls,
      drain,
      handOff,
      webhooks,
      deepPage,
      load,
      cost,
      keptBody,
      requestLog,
      smtpRelay,
    });
  } finally {
    await stack.stop();
  }
  step(`wrote bench/report.md and bench/report.json in ${((Date.now() - started) / 1000).toFixed(0)} s`);
};

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
