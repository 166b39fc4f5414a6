import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSes, type Emulator } from '../../local/emulators';
import { sesEmulatorAccount } from '../../local/ses-account';
import { localStackPorts, startLocalStack, type LocalStackProcess } from '../support/local-stack-process';
import { scratchDir } from '../support/scratch-dir';

/**
 * Issue 40: a restart of `npm start` in the middle of an automation's delay loses no run and repeats no
 * step. The stack runs as a user runs it (data on disk, stopped with SIGTERM); both runs send to one SES
 * emulator of the test's own, which outlives them, so every mail of the run is counted.
 */
const dataDir = scratchDir('npm-start-automations-');
const DEV_API_KEY = 'esk_local_keeps_runs_0123456789abcdef0123456789abcdef';
let stack: LocalStackProcess | undefined;
let mailbox: Emulator;
beforeAll(async () => {
  process.env.AWS_SES_ACCOUNT = JSON.stringify(sesEmulatorAccount(5));
  mailbox = await startSes({ port: 0 });
});
afterAll(async () => {
  await stack?.stop('SIGTERM');
  await mailbox?.stop();
});

const call = async (api: string, method: string, path: string, body?: unknown) => {
  const response = await fetch(`${api}${path}`, {
    method,
    headers: { authorization: `Bearer ${DEV_API_KEY}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: response.status, body: (await response.json()) as any };
};

const subjects = async (tag: string) => {
  const { emails } = (await (await fetch(`${mailbox.endpoint}/store`)).json()) as { emails: { subject: string }[] };
  return emails.map((mail) => mail.subject).filter((subject) => subject.startsWith(`${tag} `));
};

const waitFor = async (what: string, check: () => Promise<boolean>, timeoutMs: number) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
};

describe('npm start, automation runs on disk', () => {
  it('stopped with SIGTERM during a delay and started again: the run goes on, each step once', async () => {
    const ports = await localStackPorts();
    const env = {
      ...ports,
      LOCAL_DATA_DIR: dataDir,
      DEV_API_KEY,
      DEV_API_KEY_RATE_LIMIT: '1000',
      AUTOMATION_INTERVAL_SECONDS: '1',
      AWS_ENDPOINT_URL_SESV2: mailbox.endpoint,
    };
    stack = await startLocalStack(env, 150_000);
    const tag = `runs-${Date.now().toString(36)}`;
    const template = async (name: string) => {
      const made = await call(stack!.api, 'POST', '/templates', { name, subject: `${tag} ${name}`, text: name });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      return made.body.data.id as string;
    };
    const first = await template('first');
    const second = await template('second');
    const automation = await call(stack.api, 'POST', '/automations', {
      name: 'Across a restart',
      status: 'enabled',
      steps: [
        { key: 'start', type: 'trigger', config: { event_name: `${tag}.start` } },
        { key: 'first', type: 'send_email', config: { template: { id: first } } },
        { key: 'wait', type: 'delay', config: { duration: '10 seconds' } },
        { key: 'second', type: 'send_email', config: { template: { id: second } } },
      ],
      connections: [
        { from: 'start', to: 'first' },
        { from: 'first', to: 'wait' },
        { from: 'wait', to: 'second' },
      ],
    });
    expect(automation.status, JSON.stringify(automation.body)).toBe(201);
    const id = automation.body.data.id as string;
    expect(
      (await call(stack.api, 'POST', '/events/send', { event: `${tag}.start`, email: `${tag}@example.com` })).status,
    ).toBe(202);
    await waitFor('the first mail', async () => (await subjects(tag)).length >= 1, 20_000);
    const sentAt = Date.now();
    await stack.stop('SIGTERM');
    expect(await subjects(tag)).toEqual([`${tag} first`]);

    stack = await startLocalStack(env, 150_000);
    await waitFor('the second mail', async () => (await subjects(tag)).length >= 2, 40_000);
    // Never early: the delay's 10 seconds ran on while the service was down.
    expect(Date.now() - sentAt).toBeGreaterThanOrEqual(9_000);
    const runs = (await call(stack.api, 'GET', `/automations/${id}/runs`)).body.data.runs;
    expect(runs).toHaveLength(1);
    await waitFor(
      'the run completed',
      async () =>
        (await call(stack!.api, 'GET', `/automations/${id}/runs/${runs[0].id}`)).body.data.status === 'completed',
      10_000,
    );
    const run = (await call(stack.api, 'GET', `/automations/${id}/runs/${runs[0].id}`)).body.data;
    expect(run.steps.map((s: { key: string; status: string }) => [s.key, s.status])).toEqual([
      ['start', 'completed'],
      ['first', 'completed'],
      ['wait', 'completed'],
      ['second', 'completed'],
    ]);
    // A few more rounds of the runner: nothing is sent again.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect((await subjects(tag)).sort()).toEqual([`${tag} first`, `${tag} second`]);
    expect(stack.output()).not.toMatch(/automations run failed/);
  }, 420_000);
});
