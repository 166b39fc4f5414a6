/**
 * Issue 40's burst: BENCH_AUTOMATION_RUNS runs (10,000 by default) started by one burst of events
 * (POST /events/send, 16 at a time, each a new contact), then taken through their first pass by the
 * runner (trigger, send_email, a delay started: three steps a run) while a transactional send is made
 * every 250 ms beside it, then their delays released (the delay's end and a condition: two steps a run).
 * The runner's AWS calls and DynamoDB capacity are counted apart from the API's (a tally of its own
 * async context, functions/adapters/instrument.ts). A send_email step is a whole send through the native
 * path (sendMail: providers, tenant, suppressions, the message record, the send limits, SES, its
 * reputation count, its email.sent event): its calls are measured alone (sends made directly) and shown
 * apart, so that the runner's own calls per step can be read beside the bound of 1.5.
 */
import { newTally, tallied, type Tally } from '../functions/adapters/instrument';
import type { LocalStack } from './local-stack';

export interface BurstPhase {
  steps: number;
  passes: number;
  seconds: number;
  calls: number;
  byCall: Record<string, number>;
  readUnits: number;
  writeUnits: number;
}

export interface AutomationBurst {
  runs: number;
  eventSeconds: number;
  /** The API's calls per POST /events/send, the whole process's (nothing else runs then). */
  callsPerEvent: number;
  firstPass: BurstPhase;
  release: BurstPhase;
  /** One send through sendMail, alone: the calls a send_email step's effect makes. */
  callsPerSend: number;
  /** Transactional sends (POST /api/v1/mail/send) made while the first passes ran: answer times. */
  transactional: { sends: number; p50Ms: number; p90Ms: number };
}

const sum = (calls: Record<string, number>) => Object.values(calls).reduce((a, b) => a + b, 0);
const phaseOf = (tally: Tally, report: { steps: number; passes: number }, seconds: number): BurstPhase => ({
  ...report,
  seconds,
  calls: sum(tally.calls),
  byCall: tally.calls,
  readUnits: tally.read,
  writeUnits: tally.write,
});
const at = (sorted: number[], share: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))];

export const measureAutomationBurst = async (stack: LocalStack, runs: number): Promise<AutomationBurst> => {
  process.env.MEASURE_CAPACITY = '1';
  const { awsCalls, resetAwsCalls } = await import('../functions/adapters/instrument');
  const { runDueAutomations } = await import('../functions/domain/automations/runner');
  const { sendMail } = await import('../functions/domain/mail/send-mail');
  const adapters = await import('../functions/adapters/capabilities');
  const { wire } = await import('../functions/wire');
  const { WORKERS } = await import('../functions/queues');
  const deps = wire(WORKERS.automationRunner.uses, adapters);
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${stack.baseUrl}${path}`, {
      method,
      headers: { Authorization: `Bearer ${stack.apiKey}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const json = (await response.json()) as { data?: any };
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${JSON.stringify(json)}`);
    return json.data;
  };
  const tag = `burst-${Date.now().toString(36)}`;
  const template = await call('POST', '/api/v1/templates', { name: tag, subject: 'Hi {{name}}', text: 'x' });
  const automation = await call('POST', '/api/v1/automations', {
    name: tag,
    status: 'enabled',
    steps: [
      { key: 'start', type: 'trigger', config: { event_name: tag } },
      { key: 'send', type: 'send_email', config: { template: { id: template.id, variables: { name: 'Ada' } } } },
      { key: 'wait', type: 'delay', config: { duration: '1 hour' } },
      { key: 'check', type: 'condition', config: { type: 'rule', field: 'event.plan', operator: 'eq', value: 'pro' } },
    ],
    connections: [
      { from: 'start', to: 'send' },
      { from: 'send', to: 'wait' },
      { from: 'wait', to: 'check' },
    ],
  });

  // The burst of events: every run due at once.
  resetAwsCalls();
  const eventsStarted = Date.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (next < runs) {
        const i = next++;
        await call('POST', '/api/v1/events/send', {
          event: tag,
          email: `${tag}-${i}@example.com`,
          payload: { plan: 'pro' },
        });
      }
    }),
  );
  const eventSeconds = (Date.now() - eventsStarted) / 1000;
  const callsPerEvent = sum(awsCalls) / runs;

  // The first passes, with a transactional send every 250 ms beside them.
  let sending = true;
  const answers: number[] = [];
  const transactional = (async () => {
    for (let i = 0; sending; i++) {
      const started = Date.now();
      await call('POST', '/api/v1/mail/send', { to: `${tag}-t${i}@example.com`, subject: 'Receipt', text: 'x' });
      answers.push(Date.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  })();
  const first = newTally();
  const firstStarted = Date.now();
  const firstReport = { steps: 0, passes: 0 };
  try {
    for (;;) {
      const round = await tallied(first, () => runDueAutomations(deps, { budgetMs: 600_000 }));
      firstReport.steps += round.steps;
      firstReport.passes += round.passes;
      if (!round.passes) break;
    }
  } finally {
    sending = false;
    await transactional;
  }
  const firstPass = phaseOf(first, firstReport, (Date.now() - firstStarted) / 1000);
  // Every run sent its mail and parked at its delay: a failed send would end a run after two steps.
  if (firstReport.steps !== runs * 3) throw new Error(`first passes made ${firstReport.steps} steps, not ${runs * 3}`);

  // The delays released: the runner's clock an hour and a minute ahead (as if the hour had passed).
  const later = { ...deps, clock: { now: () => new Date(Date.now() + 61 * 60_000) } };
  const release = newTally();
  const releaseStarted = Date.now();
  const releaseReport = { steps: 0, passes: 0 };
  for (;;) {
    const round = await tallied(release, () => runDueAutomations(later, { budgetMs: 600_000 }));
    releaseReport.steps += round.steps;
    releaseReport.passes += round.passes;
    if (!round.passes) break;
  }
  const released = phaseOf(release, releaseReport, (Date.now() - releaseStarted) / 1000);

  // A send_email step's effect alone: sendMail as the step calls it, 50 times.
  const sends = newTally();
  const SENDS = 50;
  await tallied(sends, async () => {
    for (let i = 0; i < SENDS; i++)
      await sendMail(deps, stack.accountId, { to: `${tag}-s${i}@example.com`, subject: 'Hi', text: 'x' }, 'automation');
  });

  answers.sort((a, b) => a - b);
  void automation;
  return {
    runs,
    eventSeconds,
    callsPerEvent,
    firstPass,
    release: released,
    callsPerSend: sum(sends.calls) / SENDS,
    transactional: { sends: answers.length, p50Ms: at(answers, 0.5), p90Ms: at(answers, 0.9) },
  };
};

const top = (calls: Record<string, number>, per: number) =>
  Object.entries(calls)
    .sort((a, b) => b[1] - a[1])
    .map(([name, n]) => `${name.replace(/^DynamoDB\./, '')} ${(n / per).toFixed(2)}`)
    .join(', ');

export const automationBurstSection = (b: AutomationBurst) => {
  const sendSteps = b.runs;
  const ownFirst = b.firstPass.calls - sendSteps * b.callsPerSend;
  return [
    `## Automations: ${b.runs.toLocaleString('en-US')} runs started by one burst of events`,
    '',
    '| measure | value |',
    '|---|---|',
    `| events sent (POST /events/send, 16 at a time) | ${b.eventSeconds.toFixed(1)} s, ` +
      `${(b.runs / b.eventSeconds).toFixed(0)}/s, ${b.callsPerEvent.toFixed(2)} AWS calls each (the API's, all) |`,
    '| first passes (trigger, send_email, delay started): steps | ' +
      `${b.firstPass.steps} in ${b.firstPass.seconds.toFixed(1)} s ` +
      `(${(b.firstPass.steps / b.firstPass.seconds).toFixed(0)} steps/s) |`,
    `| AWS calls per step, sends included | ${(b.firstPass.calls / b.firstPass.steps).toFixed(2)} |`,
    `| a send through sendMail alone (a send_email step's effect) | ${b.callsPerSend.toFixed(2)} calls |`,
    "| AWS calls per step, the runner's own (the sends' calls taken out) | " +
      `${(ownFirst / b.firstPass.steps).toFixed(2)} |`,
    '| DynamoDB capacity per step (sends included), read / write | ' +
      `${(b.firstPass.readUnits / b.firstPass.steps).toFixed(2)} / ` +
      `${(b.firstPass.writeUnits / b.firstPass.steps).toFixed(2)} |`,
    `| per delay released (its end and a condition, the run completed): AWS calls | ` +
      `${(b.release.calls / b.runs).toFixed(2)} (${(b.release.calls / b.release.steps).toFixed(2)} a step) |`,
    `| per delay released: capacity read / write | ${(b.release.readUnits / b.runs).toFixed(2)} / ` +
      `${(b.release.writeUnits / b.runs).toFixed(2)} |`,
    `| delays released | ${b.release.passes} in ${b.release.seconds.toFixed(1)} s |`,
    `| transactional sends meanwhile (POST /mail/send, one each 250 ms): answer p50 / p90 | ` +
      `${(b.transactional.p50Ms / 1000).toFixed(2)} s / ${(b.transactional.p90Ms / 1000).toFixed(2)} s ` +
      `(${b.transactional.sends} sends) |`,
    '',
    `First passes, calls per run: ${top(b.firstPass.byCall, b.runs)}.`,
    `Releases, calls per run: ${top(b.release.byCall, b.runs)}.`,
  ];
};
