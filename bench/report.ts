import { writeFileSync } from 'node:fs';
import type { CallCount } from './aws-calls';
import type { ColdStart } from './cold-start';
import { PRICES, type CostModel } from './cost';
import type { DeepPage } from './deep-page';
import type { DrainThroughput } from './drain-throughput';
import type { LoadResult } from './load';
import type { Fanout } from './fanout';

export interface Report {
  date: string;
  machine: string;
  coldStarts: ColdStart[];
  calls: CallCount[];
  drain: DrainThroughput;
  deepPage: DeepPage;
  load: LoadResult[];
  cost: CostModel[];
  fanout?: Fanout;
}

const f = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : 'n/a');
const verdict = (ok: boolean, miss: string) => (ok ? 'met' : `missed (${miss})`);

export const writeReport = (report: Report) => {
  writeFileSync('bench/report.json', `${JSON.stringify(report, null, 2)}\n`);
  const lines = [
    '# Benchmark report',
    '',
    `Written by \`npm run bench\` on ${report.date} (${report.machine}). Every figure stands beside its floor, measured in the same run:`,
    'these machines are noisy, so read the ratios, not the absolute times.',
    '',
    '## 1. Cold start per function',
    '',
    'Bundle: the synthesized `index.mjs` (`cdk synth`). Init: median time for a fresh Node 22 process to import the bundle (its init runs at import).',
    'Floor: a bundle of only the same AWS SDK clients, same esbuild settings. Goals: init <= 1.25x floor, bundle <= 1.2x floor.',
    '',
    '| Function | SDK clients | Besides the SDK | Bundle KB | Floor KB | Bundle ratio | Init ms | Floor ms | Init ratio | Goal |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...report.coldStarts.map((c) => {
      const sizeRatio = c.bundleKb / c.floorKb;
      const initRatio = c.initMs / c.floorInitMs;
      const misses = [sizeRatio > 1.2 ? `bundle +${f((sizeRatio - 1.2) * 100, 1)} pts` : '', initRatio > 1.25 ? `init +${f((initRatio - 1.25) * 100, 1)} pts` : ''].filter(Boolean).join(', ');
      return `| ${c.function} | ${c.clients.join(', ') || 'none'} | ${c.extras.join(', ') || '-'} | ${f(c.bundleKb)} | ${f(c.floorKb)} | ${f(sizeRatio, 2)} | ${f(c.initMs)} | ${f(c.floorInitMs)} | ${f(initRatio, 2)} | ${verdict(!misses, misses)} |`;
    }),
    '',
    'Why the misses (the "Besides the SDK" column names what each bundle carries):',
    '- Functions with no SDK client (health, openapi, not-found) have an empty floor, so any code is a huge ratio. They carry the envelope',
    '  and validation pipeline (middy, zod/mini with its English messages); openapi adds every schema and the JSON Schema generator.',
    '  Their absolute init cost is a few milliseconds, below any function with a client.',
    '- Functions that can send over SMTP (mail-send, otp-send, otp-resend, drainer) carry nodemailer. It is imported lazily, on the first',
    '  SMTP send, so init stays near goal; but NodejsFunction emits one file per function, so its code is in the bundle. Splitting it out',
    '  (a layer, or an SMTP-only sender function) would meet the size goal at the price of a second deployment artefact.',
    '- The receivers carry their parsers and signature verifiers and sit at the size goal; the rest meet both goals.',
    '',
    '## 2. AWS calls per operation',
    '',
    'Counted by a middleware on every SDK client; DynamoDB capacity from `ReturnConsumedCapacity` (DynamoDB Local).',
    '',
    '| Operation | Calls | Minimum | Why that minimum | Breakdown | RRU | WRU |',
    '|---|---|---|---|---|---|---|',
    ...report.calls.map((c) => {
      const per = c.perItems ?? 1;
      const breakdown = Object.entries(c.calls).map(([k, v]) => `${k} ${f(v / per, per === 1 ? 0 : 2)}`).join(', ');
      return `| ${c.operation} | ${f(c.total / per, per === 1 ? 0 : 2)} | ${f(c.minimum, per === 1 ? 0 : 1)} | ${c.minimumWhy} | ${breakdown} | ${f(c.readUnits / per, 2)} | ${f(c.writeUnits / per, 2)} |`;
    }),
    '',
    'Above the minimum: a single send writes its record as `sending` before calling the provider and updates it after (one extra write, so no send',
    'is ever without a record); the drainer claims each item with a conditional write before sending (one extra write: the price of at-most-once).',
    '',
    '## 3. Drain throughput against the provider rate',
    '',
    `${report.drain.mails} queued mails, SES emulator answering GetAccount with MaxSendRate ${report.drain.allowedRate}/s.`,
    '',
    '| Allowed rate | Achieved rate | Share of allowed | Busiest second | Goal (>= 90%, never above) |',
    '|---|---|---|---|---|',
    `| ${report.drain.allowedRate}/s | ${f(report.drain.achievedRate, 2)}/s | ${f(report.drain.achievedRate / report.drain.allowedRate * 100, 1)}% | ${report.drain.busiestSecond} sends | ${verdict(report.drain.achievedRate >= 0.9 * report.drain.allowedRate && report.drain.busiestSecond <= report.drain.allowedRate, 'see figures')} |`,
    '',
    '## 3b. A subscriber page at a deep offset',
    '',
    `${report.deepPage.subscribers} subscribers in one list (seeded in ${f(report.deepPage.seedSeconds, 0)} s); read capacity units (DynamoDB Local, \`ReturnConsumedCapacity\`):`,
    '',
    '| First page (offset 0, 20) | Page at offset ' + report.deepPage.offset + ' (20) | Reading every record before it | Goal (about one page, not all) |',
    '|---|---|---|---|',
    `| ${f(report.deepPage.firstPageReadUnits, 1)} RRU | ${f(report.deepPage.deepPageReadUnits, 1)} RRU | ${f(report.deepPage.readEverythingUnits, 1)} RRU | ${verdict(report.deepPage.deepPageReadUnits < report.deepPage.readEverythingUnits / 10, 'see figures')} |`,
    '',
    'The deep page reads the view\'s block counters (one small item per 100 subscribers), fewer than 100 records to skip inside its block, and the page.',
    '',
    ...(report.fanout
      ? [
          '## 3c. Campaign fan-out',
          '',
          `A campaign to ${report.fanout.subscribers.toLocaleString('en')} subscribers (seeded in ${f(report.fanout.seedSeconds, 0)} s), fanned out by the job runner onto the send queue in ${report.fanout.jobs} jobs.`,
          'Calls and capacity: every AWS call of the send request and the jobs, divided by the recipients. Goal: about 1.1 calls per recipient (one conditional write each, batch APIs for the rest).',
          '',
          '| Recipients | Time to enqueue all | Calls per recipient | Calls | RRU per recipient | WRU per recipient | Goal |',
          '|---|---|---|---|---|---|---|',
          `| ${report.fanout.recipients} | ${f(report.fanout.enqueueSeconds, 0)} s | ${f(report.fanout.callsPerRecipient, 3)} | ${Object.entries(report.fanout.calls).map(([k, v]) => `${k} ${v}`).join(', ')} | ${f(report.fanout.readUnitsPerRecipient, 3)} | ${f(report.fanout.writeUnitsPerRecipient, 3)} | ${verdict(report.fanout.callsPerRecipient <= 1.2, 'see figures')} |`,
          '',
        ]
      : []),
    '## 4. Local latency and throughput',
    '',
    'autocannon in its own process against the local server (DynamoDB Local and the SES emulator behind it), beside the bare server and the pipeline floors.',
    '',
    '| Target | Connections | Requests/s | p50 ms | p99 ms | non-2xx |',
    '|---|---|---|---|---|---|',
    ...report.load.map((l) => `| ${l.target} | ${l.connections} | ${f(l.requestsPerSecond, 0)} | ${l.p50Ms} | ${l.p99Ms} | ${l.non2xx} |`),
    '',
    '## 5. Cost per million mails',
    '',
    `Prices: ${PRICES.asOf}: API Gateway HTTP $${PRICES.apiGatewayHttpPerMillion}/M requests; Lambda $${PRICES.lambdaPerMillionRequests}/M requests + $${PRICES.lambdaArmPerGbSecond}/GB-s (ARM);`,
    `DynamoDB on-demand $${PRICES.dynamoWritePerMillionUnits}/M WRU, $${PRICES.dynamoReadPerMillionUnits}/M RRU; SQS $${PRICES.sqsPerMillionRequests}/M requests; SES $${PRICES.sesPerThousandMails}/1,000 mails.`,
    'Lambda durations are local p50 latencies (the emulators answer slower than DynamoDB and SES do in AWS), so these are upper estimates.',
    '',
    ...report.cost.flatMap((c) => [
      `### ${c.scenario}`,
      '',
      '| Item | $ per million mails |',
      '|---|---|',
      ...c.lines.map((l) => `| ${l.item} | ${f(l.perMillionMails, 3)} |`),
      `| **Our overhead** | **${f(c.overhead, 2)}** |`,
      `| SES itself | ${f(c.ses, 2)} |`,
      '',
      `Overhead is ${f(c.overheadShareOfSes * 100, 2)}% of the SES price; goal under ${c.goal * 100}%: ${verdict(c.overheadShareOfSes < c.goal, `by ${f((c.overheadShareOfSes - c.goal) * 100, 2)} pts`)}.`,
      '',
    ]),
  ];
  writeFileSync('bench/report.md', `${lines.join('\n')}\n`);
};
