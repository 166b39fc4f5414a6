/**
 * Cost per million mails at AWS list prices, from the measured calls, capacity units and durations.
 * Prices: us-east-1 list prices as published by AWS in late 2024 (DynamoDB on-demand after its
 * November 2024 reduction). They change: check the AWS pricing pages before relying on the figures.
 */
import type { CallCount } from './aws-calls';
import type { LoadResult } from './load';
import type { Fanout } from './fanout';

export const PRICES = {
  asOf: '2024-11 list prices, us-east-1',
  apiGatewayHttpPerMillion: 1.0,
  lambdaPerMillionRequests: 0.2,
  lambdaArmPerGbSecond: 0.0000133334,
  dynamoWritePerMillionUnits: 0.625,
  dynamoReadPerMillionUnits: 0.125,
  sqsPerMillionRequests: 0.4,
  sesPerThousandMails: 0.1,
};

export interface CostLine {
  item: string;
  perMillionMails: number;
}

export interface CostModel {
  scenario: string;
  lines: CostLine[];
  overhead: number;
  ses: number;
  overheadShareOfSes: number;
  goal: number;
}

/** $ per million mails for `invocationsPerMail` invocations of `msPerInvocation` each. */
const lambda = (invocationsPerMail: number, msPerInvocation: number, memoryMb: number) =>
  invocationsPerMail *
  (PRICES.lambdaPerMillionRequests +
    (msPerInvocation / 1000) * (memoryMb / 1024) * PRICES.lambdaArmPerGbSecond * 1_000_000);

const sqsCalls = (count: CallCount) =>
  Object.entries(count.calls)
    .filter(([name]) => name.startsWith('SQS.'))
    .reduce((a, [, n]) => a + n, 0);

const model = (scenario: string, lines: CostLine[], goal: number): CostModel => {
  const overhead = lines.reduce((a, l) => a + l.perMillionMails, 0);
  const ses = PRICES.sesPerThousandMails * 1000;
  return { scenario, lines, overhead, ses, overheadShareOfSes: overhead / ses, goal };
};

export const costPerMillion = (
  calls: CallCount[],
  load: LoadResult[],
  drainRatePerSecond: number,
  fanout?: Fanout,
): CostModel[] => {
  const op = (name: string) => calls.find((c) => c.operation.startsWith(name))!;
  const p50 = (target: string) => load.find((l) => l.target === target && l.connections === 1)?.p50Ms ?? 100;
  const send = op('POST /mail/send');
  const batch = op('POST /mail/send-batch');
  const drain = op('drainer');
  const dynamo = (units: { readUnits: number; writeUnits: number }, per = 1) =>
    (units.writeUnits * PRICES.dynamoWritePerMillionUnits + units.readUnits * PRICES.dynamoReadPerMillionUnits) / per;

  const single = model(
    'single send (POST /mail/send)',
    [
      { item: 'API Gateway HTTP API, 1 request', perMillionMails: PRICES.apiGatewayHttpPerMillion },
      {
        item: `Lambda, 1 invocation of ${p50('POST /mail/send')} ms at 256 MB (local p50)`,
        perMillionMails: lambda(1, p50('POST /mail/send'), 256),
      },
      { item: `DynamoDB, ${send.writeUnits} WRU + ${send.readUnits} RRU`, perMillionMails: dynamo(send) },
    ],
    0.1,
  );
  // The drainer bills wall-clock time and paces itself, so each mail costs 1/rate seconds of it; one
  // run (about 50 s) sends 50 * rate mails.
  const drainMsPerMail = 1000 / drainRatePerSecond;
  const mailsPerDrainRun = 50 * drainRatePerSecond;
  const batchMs = p50('POST /mail/send-batch (10 items)') * 10;
  const batched = model(
    'batched (POST /mail/send-batch, 100 per call, then the drainer)',
    [
      { item: 'API Gateway HTTP API, 1 request per 100 mails', perMillionMails: PRICES.apiGatewayHttpPerMillion / 100 },
      {
        item: `Lambda send-batch, 1 invocation of ~${batchMs} ms per 100 mails (10-item p50 x 10) at 256 MB`,
        perMillionMails: lambda(1 / 100, batchMs, 256),
      },
      {
        item: `Lambda drainer, ${drainMsPerMail.toFixed(0)} ms per mail (paced at ${drainRatePerSecond}/s) at 512 MB`,
        perMillionMails: lambda(1 / mailsPerDrainRun, drainMsPerMail * mailsPerDrainRun, 512),
      },
      {
        item:
          `DynamoDB, ${(batch.writeUnits / 100 + drain.writeUnits / 100).toFixed(2)} WRU + ` +
          `${(batch.readUnits / 100 + drain.readUnits / 100).toFixed(2)} RRU per mail`,
        perMillionMails: dynamo(batch, 100) + dynamo(drain, 100),
      },
      {
        item: `SQS, ${((sqsCalls(batch) + sqsCalls(drain)) / 100).toFixed(2)} requests per mail`,
        perMillionMails: ((sqsCalls(batch) + sqsCalls(drain)) / 100) * PRICES.sqsPerMillionRequests,
      },
    ],
    0.05,
  );
  if (!fanout) return [single, batched];
  const fanoutSqs =
    Object.entries(fanout.calls)
      .filter(([name]) => name.startsWith('SQS.'))
      .reduce((a, [, n]) => a + n, 0) / fanout.recipients;
  const campaign = model(
    `campaign mail (fan-out of ${fanout.subscribers.toLocaleString('en')} subscribers, then the drainer)`,
    [
      {
        item:
          `Lambda job runner, ${fanout.msPerRecipient.toFixed(1)} ms per recipient (local, an upper estimate) ` +
          `at 512 MB`,
        perMillionMails: lambda(
          fanout.jobs / fanout.recipients,
          fanout.msPerRecipient * (fanout.recipients / fanout.jobs),
          512,
        ),
      },
      {
        item: `Lambda drainer, ${drainMsPerMail.toFixed(0)} ms per mail (paced at ${drainRatePerSecond}/s) at 512 MB`,
        perMillionMails: lambda(1 / mailsPerDrainRun, drainMsPerMail * mailsPerDrainRun, 512),
      },
      {
        item:
          `DynamoDB, fan-out ${fanout.writeUnitsPerRecipient.toFixed(2)} WRU + ` +
          `${fanout.readUnitsPerRecipient.toFixed(2)} RRU, drainer ${(drain.writeUnits / 100).toFixed(2)} WRU + ` +
          `${(drain.readUnits / 100).toFixed(2)} RRU per mail (+0.1 WRU: the campaign's counters, written every ` +
          `ten mails)`,
        perMillionMails:
          fanout.writeUnitsPerRecipient * PRICES.dynamoWritePerMillionUnits +
          fanout.readUnitsPerRecipient * PRICES.dynamoReadPerMillionUnits +
          dynamo(drain, 100) +
          0.1 * PRICES.dynamoWritePerMillionUnits,
      },
      {
        item: `SQS, fan-out ${fanoutSqs.toFixed(2)} + drainer ${(sqsCalls(drain) / 100).toFixed(2)} requests per mail`,
        perMillionMails: (fanoutSqs + sqsCalls(drain) / 100) * PRICES.sqsPerMillionRequests,
      },
    ],
    0.05,
  );
  return [single, batched, campaign];
};
