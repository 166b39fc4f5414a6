/**
 * Drain throughput: queue mails through the API, run one drain run, and compare the rate the sends
 * reached an SES emulator of its own (answering GetAccount with MaxSendRate `allowedRate`) with that
 * rate. Sends are timed by a proxy in front of the emulator, as the tests do. Each rate gets a provider
 * in a region of its own, so a fresh SES client picks up this measure's endpoint and rate.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { sesAtRate } from './ses-at-rate';
import { ownSendQueue, type LocalStack } from './local-stack';

export interface DrainThroughput {
  mails: number;
  allowedRate: number;
  achievedRate: number;
  busiestSecond: number;
  /** The run's own report: what did not go out says why here. */
  sent: number;
  errors: number;
  /** CPU per mail sent during the run: this process (drainer, emulators in process) and DynamoDB Local. */
  nodeCpuMsPerMail: number;
  dynamoCpuMsPerMail: number;
  /** What the machine's cores allow at that CPU per mail: the local ceiling, beside the allowed rate. */
  machineCeiling: number;
}

/** CPU seconds used so far by the Java processes (DynamoDB Local is the only one the bench runs). */
const javaCpuSeconds = () => {
  let ticks = 0;
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      if (!stat.slice(0, close).includes('(java')) continue;
      const fields = stat.slice(close + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // The process ended meanwhile.
    }
  }
  return ticks / 100;
};

const REGIONS = ['eu-central-1', 'eu-west-2', 'eu-west-3', 'eu-south-1', 'ap-south-1', 'ca-central-1'];
let measures = 0;

export const measureDrain = async (stack: LocalStack, mails: number, allowedRate: number): Promise<DrainThroughput> => {
  const ses = await sesAtRate(allowedRate);
  const queue = await ownSendQueue('bench-drain');
  try {
    const headers = { Authorization: `Bearer ${stack.apiKey}`, 'Content-Type': 'application/json' };
    const region = REGIONS[measures++ % REGIONS.length];
    const created = await fetch(`${stack.baseUrl}/api/v1/providers`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        type: 'ses',
        name: `Bench drain ${allowedRate}/s`,
        from_email: 'drain@example.com',
        region,
        is_default: true,
      }),
    });
    if (!created.ok) throw new Error('could not create the drain provider');
    // Accepted ten requests at a time, so queuing 10,000 takes seconds, not minutes.
    const requests = Array.from({ length: Math.ceil(mails / 100) }, (_, r) => r);
    for (let r = 0; r < requests.length; r += 10) {
      await Promise.all(
        requests.slice(r, r + 10).map(async (k) => {
          const messages = Array.from({ length: Math.min(100, mails - k * 100) }, (_, j) => ({
            to: `d${k * 100 + j}@example.com`,
            subject: 'drain',
            text: 'x',
          }));
          const answer = await fetch(`${stack.baseUrl}/api/v1/mail/send-batch`, {
            method: 'POST',
            headers,
            body: JSON.stringify({ messages }),
          });
          if (answer.status !== 200) throw new Error(`send-batch answered ${answer.status}`);
        }),
      );
    }
    // One run with a budget for all of it (a Lambda run hands what is left to its successor; the pace is a run's).
    const { runDrain } = await import('../functions/handlers/drainer');
    const cpuBefore = { node: process.cpuUsage(), java: javaCpuSeconds() };
    const report = await runDrain((mails / allowedRate) * 1000 * 2 + 30_000);
    const nodeCpu = process.cpuUsage(cpuBefore.node);
    const nodeSeconds = (nodeCpu.user + nodeCpu.system) / 1e6;
    const javaSeconds = javaCpuSeconds() - cpuBefore.java;
    const sends = ses.sends;
    const achievedRate = (sends.length - 1) / ((sends[sends.length - 1] - sends[0]) / 1000);
    // A sliding window over sorted arrival times: linear, where counting per start was quadratic.
    let busiestSecond = 0;
    for (let first = 0, last = 0; last < sends.length; last++) {
      while (sends[last] - sends[first] >= 1000) first++;
      busiestSecond = Math.max(busiestSecond, last - first + 1);
    }
    const sent = Math.max(1, report?.sent ?? 0);
    return {
      mails: sends.length,
      allowedRate,
      achievedRate,
      busiestSecond,
      sent: report?.sent ?? 0,
      errors: report?.errors ?? 0,
      nodeCpuMsPerMail: (nodeSeconds * 1000) / sent,
      dynamoCpuMsPerMail: (javaSeconds * 1000) / sent,
      machineCeiling: cpus().length / ((nodeSeconds + javaSeconds) / sent),
    };
  } finally {
    queue.restore();
    await ses.stop();
  }
};
