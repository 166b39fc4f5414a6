import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type AddressInfo, type Server } from 'node:net';

/**
 * `npm start` run the way a user runs it: a child process with its data on disk, reached only over
 * HTTP. Its own process group, so that a signal reaches it the way Ctrl-C in a terminal does.
 */
export interface LocalStackProcess {
  api: string;
  ses: string;
  /** Everything it printed so far (stdout and stderr). */
  output(): string;
  /** Sends the signal to the whole group and waits until every process of it has exited. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

const WORKER_VARIABLES = new RegExp(
  '^(' +
    [
      'AWS_|SES_|TABLE_NAME$|INBOUND_BUCKET$|ATTACHMENTS_BUCKET$|[A-Z_]*QUEUE_URL$|DLQ_URL$|OTP_SECRET$',
      'TRACKING_SECRET$|PROVIDER_SECRET_KEY$|LOG_LEVEL$|AUTH_CACHE_SECONDS$|DRAIN_|WEBHOOK_|ALLOW_LOOPBACK_WEBHOOKS$',
      'VITEST|DEV_API_KEY',
    ].join('|') +
    ')',
);

/** Five distinct free ports: held open together while chosen, so two can never be the same. */
export const localStackPorts = async () => {
  const servers = await Promise.all(
    Array.from(
      { length: 7 },
      () =>
        new Promise<Server>((resolve, reject) => {
          const server = createServer();
          server.once('error', reject);
          server.listen(0, '127.0.0.1', () => resolve(server));
        }),
    ),
  );
  // The SMTP relay's ports too: two `npm start` test files run at once, and the defaults (2587, 2465) are one each.
  const [PORT, SES_PORT, DYNAMODB_PORT, SQS_PORT, INBOUND_SMTP_PORT, SMTP_PORT, SMTP_TLS_PORT] = servers.map((server) =>
    String((server.address() as AddressInfo).port),
  );
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  return { PORT, SES_PORT, DYNAMODB_PORT, SQS_PORT, INBOUND_SMTP_PORT, SMTP_PORT, SMTP_TLS_PORT };
};

/** Runs `npm start` to its end (for a start that must refuse its settings): its exit code and output. */
export const runLocalStackToExit = (env: Record<string, string>) =>
  new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn('npm', ['start'], {
      env: { ...inheritedEnvironment(), ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.once('exit', (code) => resolve({ code, output }));
  });

// The test worker's own variables point at the suite's emulators: a user's shell has none of them.
const inheritedEnvironment = () =>
  Object.fromEntries(Object.entries(process.env).filter(([name]) => !WORKER_VARIABLES.test(name)));

/**
 * `npm start` on the given ports. The ports were free when picked, but another test's connection may hold one
 * of them as its own local port for a moment (ports come from the same ephemeral range): a start refused with
 * EADDRINUSE is tried again, on the same ports, a few times.
 */
export const startLocalStack = async (env: Record<string, string>, timeoutMs = 60_000): Promise<LocalStackProcess> => {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(env, timeoutMs);
    } catch (error) {
      if (attempt === 3 || !String(error).includes('EADDRINUSE')) throw error;
      await new Promise((resolve) => setTimeout(resolve, 2_000));
    }
  }
};

const startOnce = async (env: Record<string, string>, timeoutMs: number): Promise<LocalStackProcess> => {
  const child: ChildProcess = spawn('npm', ['start'], {
    env: { ...inheritedEnvironment(), ...env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const api = `http://127.0.0.1:${env.PORT}/api/v1`;
  // npm exits on the signal at once; the service's own processes are gone only when the group is.
  const groupAlive = () => {
    try {
      process.kill(-child.pid!, 0);
      return true;
    } catch {
      return false;
    }
  };
  const stop = async (signal: NodeJS.Signals = 'SIGTERM') => {
    if (groupAlive()) process.kill(-child.pid!, signal);
    const code = await exited;
    for (const deadline = Date.now() + 30_000; groupAlive() && Date.now() < deadline; )
      await new Promise((resolve) => setTimeout(resolve, 100));
    return code;
  };
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`npm start exited (${child.exitCode}):\n${output}`);
    const up = await fetch(`${api}/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) {
      await stop('SIGKILL');
      throw new Error(`npm start did not answer within ${timeoutMs} ms:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { api, ses: `http://127.0.0.1:${env.SES_PORT}`, output: () => output, stop };
};
