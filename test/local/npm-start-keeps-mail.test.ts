import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSes, type Emulator } from '../../local/emulators';
import { sesEmulatorAccount } from '../../local/ses-account';
import {
  localStackPorts,
  runLocalStackToExit,
  startLocalStack,
  type LocalStackProcess,
} from '../support/local-stack-process';
import { scratchDir } from '../support/scratch-dir';

/**
 * Issue 9: accepted mail always reaches a final state. These tests run `npm start` itself, with its
 * data on disk, and stop it the way a user does; an in-process server would not have shown the loss.
 */
const dataDir = scratchDir('npm-start-');
const DEV_API_KEY = 'esk_local_keeps_mail_0123456789abcdef0123456789abcdef';
let stack: LocalStackProcess | undefined;
let firstMailbox: Emulator;
beforeAll(async () => {
  process.env.AWS_SES_ACCOUNT = JSON.stringify(sesEmulatorAccount(5));
  firstMailbox = await startSes({ port: 0 });
});
afterAll(async () => {
  await firstMailbox?.stop();
  await stack?.stop('SIGTERM');
});

const call = async (api: string, method: string, path: string, body?: unknown) => {
  const response = await fetch(`${api}${path}`, {
    method,
    headers: { authorization: `Bearer ${DEV_API_KEY}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return {
    status: response.status,
    limit: response.headers.get('ratelimit-limit'),
    reset: Number(response.headers.get('ratelimit-reset')),
    body: (await response.json()) as any,
  };
};

const subjectsInMailbox = async (ses: string, tag: string) => {
  const { emails } = (await (await fetch(`${ses}/store`)).json()) as { emails: { subject: string }[] };
  return emails.map((mail) => mail.subject).filter((subject) => subject.startsWith(`${tag} `));
};

const waitFor = async (what: string, check: () => Promise<boolean>, timeoutMs: number, everyMs = 250) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
};

const sendBatch = async (api: string, tag: string, count: number) => {
  const messages = Array.from({ length: count }, (_, i) => ({
    to: `r${i}-${tag}@example.com`,
    subject: `${tag} ${i}`,
    text: `${i}`,
  }));
  const answer = await call(api, 'POST', '/mail/send-batch', { messages });
  expect(answer.status).toBe(200);
  expect(answer.body.data.queued).toBe(count);
  return answer.body.data.messages.map((m: { message_id: string }) => m.message_id) as string[];
};

/** A list of `readers` and a campaign to it, sent: each reader's mail has a subject of its own (`<tag>-c <email>`). */
const startCampaign = async (api: string, tag: string, readers: number) => {
  const list = (await call(api, 'POST', '/lists', { name: `${tag} readers` })).body.data;
  for (let i = 0; i < readers; i++)
    expect(
      (await call(api, 'POST', '/subscribers', { email: `c${i}-${tag}@example.com`, list_id: list.id })).status,
    ).toBe(201);
  const campaign = (
    await call(api, 'POST', '/campaigns', { name: tag, subject: `${tag}-c {{email}}`, text: 'hi', list_id: list.id })
  ).body.data;
  expect((await call(api, 'POST', `/campaigns/${campaign.id}/send`, {})).status).toBe(202);
  return campaign.id as string;
};

const statuses = async (api: string, ids: string[]) =>
  Promise.all(
    ids.map(
      async (id) =>
        (await call(api, 'GET', `/mail/status/${encodeURIComponent(id)}`)).body.data.message as {
          status: string;
          error_message: string | null;
          subject: string;
        },
    ),
  );

describe('npm start, data on disk', () => {
  it('stopped with SIGTERM mid-drain and started again: every mail of a 100-item batch and of a campaign (both ' +
    'lanes) ends sent exactly once or failed with a reason', async () => {
    const ports = await localStackPorts();
    // The status checks below make hundreds of requests a minute: the operator raises the key's limit.
    // A variable the user sets wins over npm start's own (local/environment.ts): the first run sends
    // to an SES emulator of this test's, at 5 a second.
    const env = {
      ...ports,
      LOCAL_DATA_DIR: dataDir,
      DEV_API_KEY,
      DEV_API_KEY_RATE_LIMIT: '1000',
      DRAIN_INTERVAL_SECONDS: '1',
      AWS_ENDPOINT_URL_SESV2: firstMailbox.endpoint,
    };
    stack = await startLocalStack(env);
    const tag = `restart-${Date.now().toString(36)}`;
    const ids = await sendBatch(stack.api, tag, 100);
    // And a campaign to 30 readers: its mail waits in the bulk lane (a queue of its own), which must keep it too.
    const campaign = await startCampaign(stack.api, tag, 30);
    await waitFor(
      'the first 15 sends',
      async () => (await subjectsInMailbox(firstMailbox.endpoint, tag)).length >= 15,
      30_000,
    );
    // The first run sends to a mailbox of the test's own, which outlives the stop: sends that
    // settle while the service stops are counted too.
    await stack.stop('SIGTERM');
    const firstLog = stack.output();
    expect(firstLog).toContain('Stopping');
    const sentFirst = await subjectsInMailbox(firstMailbox.endpoint, tag);
    expect(sentFirst.length).toBeLessThan(100);

    // Started again with the default pace: the rest leaves from the persisted queue.
    stack = await startLocalStack({ ...ports, LOCAL_DATA_DIR: dataDir, DEV_API_KEY, DEV_API_KEY_RATE_LIMIT: '1000' });
    const after = stack;
    await waitFor(
      'the rest in the mailbox',
      async () => sentFirst.length + (await subjectsInMailbox(after.ses, tag)).length >= 100,
      45_000,
    ).catch(() => undefined);
    await waitFor(
      'every message final',
      async () => (await statuses(after.api, ids)).every((m) => !['queued', 'sending'].includes(m.status)),
      30_000,
      2_000,
    );
    const sentSecond = await subjectsInMailbox(stack.ses, tag);
    const final = await statuses(stack.api, ids);
    const all = [...sentFirst, ...sentSecond];
    for (const message of final) {
      const copies = all.filter((subject) => subject === message.subject).length;
      if (message.status === 'sent') expect(copies, message.subject).toBe(1);
      else {
        expect(message.status).toBe('failed');
        expect(message.error_message).toBeTruthy();
        expect(copies).toBeLessThanOrEqual(1);
      }
    }
    expect(final.filter((m) => m.status === 'sent').length).toBeGreaterThanOrEqual(95);
    // The bulk lane: every campaign mail settled, none sent twice, nearly all sent.
    await waitFor(
      'the campaign settled',
      async () => (await call(after.api, 'GET', `/campaigns/${campaign}`)).body.data.status === 'sent',
      45_000,
      1_000,
    );
    const stats = (await call(after.api, 'GET', `/campaigns/${campaign}`)).body.data.stats;
    const campaignMail = [
      ...(await subjectsInMailbox(firstMailbox.endpoint, `${tag}-c`)),
      ...(await subjectsInMailbox(after.ses, `${tag}-c`)),
    ];
    expect(stats.sent + stats.failed).toBe(30);
    expect(stats.sent).toBeGreaterThanOrEqual(28);
    expect(new Set(campaignMail).size).toBe(campaignMail.length);
    expect(campaignMail.length).toBeGreaterThanOrEqual(stats.sent);
    expect(firstLog + stack.output()).not.toMatch(/drain run failed|drain step failed/);
    // The start-up lines name the API reference page, and the address they print serves it.
    const docs = /Docs\s+(http:\/\/\S+)/.exec(firstLog)?.[1];
    expect(docs, firstLog).toBe(`http://localhost:${ports.PORT}/api/v1/docs`);
    const page = await fetch(docs!);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
  }, 150_000);

  it('with default settings, a 100-item batch is all sent within 30 s', async () => {
    const tag = `defaults-${Date.now().toString(36)}`;
    const started = Date.now();
    const ids = await sendBatch(stack!.api, tag, 100);
    await waitFor(
      '100 mails in the mailbox',
      async () => (await subjectsInMailbox(stack!.ses, tag)).length >= 100,
      30_000,
    );
    expect(Date.now() - started).toBeLessThan(30_000);
    expect(new Set(await subjectsInMailbox(stack!.ses, tag)).size).toBe(100);
    expect((await statuses(stack!.api, ids)).every((m) => m.status === 'sent')).toBe(true);
    expect(stack!.output()).not.toMatch(/drain run failed|drain step failed/);
  }, 60_000);

  it('with the timer at 60 s, queued mail still leaves at once: a drain run starts when mail is enqueued', async () => {
    await stack!.stop('SIGTERM');
    stack = await startLocalStack({
      ...(await localStackPorts()),
      LOCAL_DATA_DIR: dataDir,
      DEV_API_KEY,
      DEV_API_KEY_RATE_LIMIT: '1000',
      DRAIN_INTERVAL_SECONDS: '60',
    });
    // The timer's first run is at 60 s: anything sent before that was started by the enqueue.
    const tag = `at-once-${Date.now().toString(36)}`;
    const accepted = Date.now();
    await sendBatch(stack.api, tag, 20);
    await waitFor('the first mail', async () => (await subjectsInMailbox(stack!.ses, tag)).length >= 1, 10_000, 50);
    const first = Date.now() - accepted;
    // 20 at the default 14 a second take about 1.4 s once started.
    await waitFor('all 20 mails', async () => (await subjectsInMailbox(stack!.ses, tag)).length >= 20, 15_000, 100);
    const all = Date.now() - accepted;
    expect(first).toBeLessThan(3_000);
    expect(all).toBeLessThan(8_000);
    // A second batch into the idle queue leaves at once too.
    const again = Date.now();
    await sendBatch(stack.api, `${tag}-2`, 5);
    await waitFor(
      'the second batch',
      async () => (await subjectsInMailbox(stack!.ses, `${tag}-2`)).length >= 5,
      10_000,
      100,
    );
    expect(Date.now() - again).toBeLessThan(5_000);
    expect(stack.output()).not.toMatch(/drain run failed|drain step failed/);
  }, 90_000);
});

describe('DEV_API_KEY_RATE_LIMIT (issue 18)', () => {
  it('raises the development key above 60 a minute; the key grants up to its own limit and no more', async () => {
    // The stack of the tests above runs with DEV_API_KEY_RATE_LIMIT=1000.
    const answers = await Promise.all(Array.from({ length: 80 }, () => call(stack!.api, 'GET', '/api-keys')));
    expect(answers.filter((a) => a.status === 429)).toHaveLength(0);
    const at = (rate: number) =>
      call(stack!.api, 'POST', '/api-keys', { name: `at ${rate}`, permissions: ['mail'], rate_limit_per_minute: rate });
    expect((await at(1000)).status).toBe(201);
    const over = await at(1001);
    expect(over.status).toBe(403);
    expect(over.body.error.code).toBe('FORBIDDEN');
  });

  it('started again with the variable unset, the 61st request in a minute is 429 RATE_LIMITED', async () => {
    await stack!.stop('SIGTERM');
    stack = await startLocalStack({ ...(await localStackPorts()), LOCAL_DATA_DIR: dataDir, DEV_API_KEY });
    // The window is a fixed minute: 61 requests that straddle its end would see two windows. When
    // little of this one is left, the test waits for the next one.
    const { reset } = await call(stack.api, 'GET', '/api-keys');
    if (reset < 20) await new Promise((resolve) => setTimeout(resolve, (reset + 1) * 1000));
    // The window may already hold requests of the test above (or the one just made): at most 60 pass.
    const answers = [];
    for (let i = 0; i < 61; i++) answers.push(await call(stack.api, 'GET', '/api-keys'));
    expect(answers.every((a) => a.limit === '60')).toBe(true);
    expect(answers.filter((a) => a.status === 200).length).toBeLessThanOrEqual(60);
    expect(answers[60].status).toBe(429);
    expect(answers[60].body.error.code).toBe('RATE_LIMITED');
  }, 60_000);

  it('refuses to start with a value that is not a positive whole number', async () => {
    const { code, output } = await runLocalStackToExit({
      ...(await localStackPorts()),
      LOCAL_DATA_DIR: dataDir,
      DEV_API_KEY,
      DEV_API_KEY_RATE_LIMIT: 'lots',
    });
    expect(code).not.toBe(0);
    expect(output).toContain('DEV_API_KEY_RATE_LIMIT must be a positive whole number');
  }, 30_000);
});
