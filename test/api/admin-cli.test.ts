import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dynamoReputationStore } from '../../functions/adapters/dynamo/reputation-store';
import { deadLetters, drainOnce } from '../support/drain';
import { scratchDir } from '../support/scratch-dir';
import { client, newAccount, startService, uniqueAddress, type TestService } from '../support/service';
import { startSmtpSink } from '../support/smtp-sink';

const run = promisify(execFile);
/** The admin CLI as an operator runs it, in a process of its own, against this worker's table and queues. */
const admin = async (...args: string[]) => {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', 'scripts/admin.ts', ...args], {
    env: process.env,
  });
  return stdout
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));
};

let service: TestService;
/** A data folder where no `npm start` runs (no runtime.json). */
const emptyDataDir = scratchDir('admin-no-stack-');
beforeAll(async () => {
  process.env.DRAIN_RETRY_BASE_SECONDS = '0';
  service = await startService();
});
afterAll(() => service.close());

/** The CLI's exit code and both outputs, for the cases that must fail clearly. */
const adminExit = (args: string[], env: NodeJS.ProcessEnv) =>
  new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(process.execPath, ['--import', 'tsx', 'scripts/admin.ts', ...args], { env }, (error, stdout, stderr) =>
      resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });

describe('npm run admin', () => {
  it('has --help for the whole CLI and for each command', async () => {
    const all = await adminExit(['--help'], process.env);
    expect(all.code).toBe(0);
    for (const command of ['create-account', 'resume', 'dlq list', 'dlq redrive'])
      expect(all.stdout).toContain(command);
    const one = await adminExit(['dlq', 'redrive', '--help'], process.env);
    expect([one.code, one.stdout]).toEqual([0, expect.stringContaining('usage: admin dlq redrive')]);
    expect(one.stdout).toContain('QUEUE_URL');
  });

  it("a command's --help names what it needs, and a local-only command says so instead of an empty Needs", async () => {
    const redrive = await adminExit(['dlq', 'redrive', '--help'], process.env);
    expect(redrive.stdout).toMatch(/\nNeeds: TABLE_NAME, QUEUE_URL, DLQ_URL\n$/);
    const verify = await adminExit(['verify-domain', '--help'], process.env);
    expect(verify.code).toBe(0);
    expect(verify.stdout).not.toMatch(/Needs:\s*$/);
    expect(verify.stdout).toContain('Target: the local stack only. --local talks to a running');
  });

  it('--local without a running stack says where it looked and how to point it (LOCAL_DATA_DIR)', async () => {
    const answer = await adminExit(['create-account', '--name', 'Elsewhere', '--local'], {
      ...process.env,
      LOCAL_DATA_DIR: emptyDataDir,
    });
    expect(answer.code).toBe(1);
    expect(answer.stderr).toContain(join(emptyDataDir, 'runtime.json'));
    expect(answer.stderr).toContain('LOCAL_DATA_DIR=');
    expect(answer.stderr).toContain('npm start');
  });

  it('says what is missing, not "Region is missing", when there is no --local and no table and region', async () => {
    const { AWS_REGION: _r, AWS_DEFAULT_REGION: _d, AWS_PROFILE: _p, TABLE_NAME: _t, ...bare } = process.env;
    const answer = await adminExit(['create-account', '--name', 'Nowhere'], bare);
    expect(answer.code).toBe(2);
    expect(answer.stderr).toContain('no target');
    expect(answer.stderr).toContain('TABLE_NAME');
    expect(answer.stderr).toContain('AWS_REGION');
    expect(answer.stderr).not.toMatch(/Region is missing/);
  });

  it('create-account prints one JSON line whose key works with every permission', async () => {
    const [created] = await admin('create-account', '--name', 'From the CLI');
    expect(created).toEqual({ account_id: expect.any(String), api_key: expect.stringMatching(/^esk_/) });
    const api = client(service, created.api_key);
    expect((await api.get('/api/v1/api-keys')).status).toBe(200);
    expect((await api.get('/api/v1/mail/status/x')).status).toBe(404);
  });

  it("resume lifts an account's reputation brake, and says what is missing without --account", async () => {
    const { accountId, apiKey } = await newAccount('Paused');
    const api = client(service, apiKey);
    await api.post('/api/v1/providers', { type: 'ses', name: 'SES', from_email: 'p@example.com' });
    // Paused as the brake pauses it (test/api/stats.test.ts trips it through bounces).
    await dynamoReputationStore().pause(
      accountId,
      new Date().toISOString(),
      '100 sent, 10 hard bounces (10%), 0 complaints (0%) in the last 24 hours',
    );
    const refused = await api.post('/api/v1/mail/send', { to: uniqueAddress(), subject: 'x', text: 'x' });
    expect([refused.status, refused.body.error.code]).toEqual([422, 'SENDING_PAUSED']);

    const missing = await adminExit(['resume'], process.env);
    expect([missing.code, missing.stderr]).toEqual([2, expect.stringContaining('resume needs --account')]);
    const mistyped = await adminExit(['resume', '--account', 'no-such-account'], process.env);
    expect([mistyped.code, mistyped.stderr]).toEqual([
      1,
      expect.stringContaining('there is no account no-such-account'),
    ]);

    expect(await admin('resume', '--account', accountId)).toEqual([
      {
        account_id: accountId,
        paused: false,
        paused_at: expect.any(String),
        reason: null,
        resumed_at: expect.any(String),
      },
    ]);
    expect((await api.post('/api/v1/mail/send', { to: uniqueAddress(), subject: 'x', text: 'x' })).status).toBe(200);
    expect((await api.get('/api/v1/stats')).body.data.sending.paused).toBe(false);
  });

  it('dlq list and webhook-dlq list say that their queue is empty, on stderr: stdout has its JSON lines', async () => {
    expect(await deadLetters()).toEqual([]);
    const mail = await adminExit(['dlq', 'list'], process.env);
    expect(mail).toEqual({ code: 0, stdout: '', stderr: 'The dead-letter queue is empty.\n' });
    const webhooks = await adminExit(['webhook-dlq', 'list'], process.env);
    expect(webhooks).toEqual({ code: 0, stdout: '', stderr: 'The webhook dead-letter queue is empty.\n' });
  });

  it('dlq list shows failed items with their reason, and dlq redrive sends them once the cause is fixed', async () => {
    const sink = await startSmtpSink();
    try {
      const api = client(service, (await newAccount('Redrive')).apiKey);
      await api.post('/api/v1/providers', {
        type: 'smtp',
        name: 'Relay',
        from_email: 'r@example.org',
        host: '127.0.0.1',
        port: sink.port,
        secure: false,
      });
      sink.rejectWith(554);
      const to = uniqueAddress();
      const queued = await api.post('/api/v1/mail/send-batch', {
        messages: [{ to, subject: 'redrive me', text: 'x' }],
      });
      const messageId = queued.body.data.messages[0].message_id;
      expect(await drainOnce()).toMatchObject({ failed: 1 });

      const listed = await admin('dlq', 'list');
      expect(listed).toContainEqual(
        expect.objectContaining({ message_id: messageId, to, reason: 'SMTP server answered 554 (after 1 attempt)' }),
      );

      sink.rejectWith(undefined);
      expect(await admin('dlq', 'redrive')).toEqual([{ moved: 1, dropped: 0 }]);
      expect((await api.get(`/api/v1/mail/status/${encodeURIComponent(messageId)}`)).body.data.message.status).toBe(
        'queued',
      );
      expect(await drainOnce()).toMatchObject({ sent: 1 });
      expect(sink.received.map((mail) => mail.to)).toEqual([[to]]);
      expect(await deadLetters()).toEqual([]);
    } finally {
      await sink.close();
    }
  });
});
