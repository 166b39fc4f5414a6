import { spawn, type ChildProcess } from 'node:child_process';
import type { Server } from 'node:http';
import { createConnection } from 'node:net';
import { spawnDynamoDbLocal } from './dynamodb-local';
import { mendFauxqsBodyCheck } from './fauxqs-body-check-fix';
import { onLoopbackWhileStarting } from './fauxqs-loopback-fix';
import { mendFauxqsPersistence } from './fauxqs-persistence-fix';

/**
 * The real local peers of the AWS services, started from npm packages (nothing is downloaded at run
 * time): DynamoDB Local (AWS's own jar), aws-ses-v2-local (SES v2 API with a mailbox page) and
 * fauxqs (SQS, and S3 for the files of queued mail). Used by `npm start` and by the tests alike.
 */

const portOpen = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = createConnection({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
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

/** A detached shell that ends `pid` within a second of this process's death, however it died. */
const stopWhenParentDies = (pid: number) => {
  const watch = `while kill -0 ${process.pid} 2>/dev/null; do sleep 1; done; kill ${pid} 2>/dev/null`;
  spawn('sh', ['-c', watch], { detached: true, stdio: 'ignore' }).unref();
};

export interface Emulator {
  endpoint: string;
  port: number;
  stop(): Promise<void>;
}

/**
 * DynamoDB Local on 127.0.0.1 (local/dynamodb-local.ts); `dbPath` keeps the data on disk between starts, otherwise it
 * lives in memory.
 */
export const startDynamoDb = async ({ port, dbPath }: { port: number; dbPath?: string }): Promise<Emulator> => {
  if (await portOpen(port)) throw new Error(`Port ${port} is taken: is another DynamoDB Local running?`);
  // DynamoDB Local sends usage telemetry unless told not to: nothing here may reach the network.
  process.env.DDB_LOCAL_TELEMETRY ??= '0';
  try {
    return await launchDynamoDb({ port, dbPath, loopback: true });
  } catch (error) {
    // Binding to 127.0.0.1 needs a JDK (the launcher is compiled at start); with only a runtime, or a
    // DynamoDB Local release the launcher no longer fits, the service still starts, and says what it lost.
    process.stderr.write(
      'DynamoDB Local could not be bound to 127.0.0.1, so it listens on every interface ' +
        `(install a Java 17+ JDK to bind it): ${(error as Error).message.split('\n')[0]}\n`,
    );
    return launchDynamoDb({ port, dbPath, loopback: false });
  }
};

const launchDynamoDb = async ({
  port,
  dbPath,
  loopback,
}: {
  port: number;
  dbPath?: string;
  loopback: boolean;
}): Promise<Emulator> => {
  // With data on disk (npm start), Java runs in a process group of its own: Ctrl-C in the terminal
  // reaches the whole foreground group, and the table must outlive the sends that settle after it.
  // `stop` ends it in turn; should this process die without stopping it, the watchdog does.
  const detached = dbPath !== undefined;
  const child: ChildProcess = spawnDynamoDbLocal({ port, dbPath, detached, loopback });
  if (detached && child.pid) stopWhenParentDies(child.pid);
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => (errors = `${errors}${chunk}`.slice(-2_000)));
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => {
      process.off('exit', killOnExit);
      reject(
        new Error(`DynamoDB Local exited (code ${code}); is Java 17+ installed?${errors ? `\n${errors.trim()}` : ''}`),
      );
    }),
  );
  exited.catch(() => undefined);
  try {
    await Promise.race([waitForPort(port, 'DynamoDB Local'), exited]);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return {
    endpoint: `http://127.0.0.1:${port}`,
    port,
    stop: async () => {
      process.off('exit', killOnExit);
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

/**
 * fauxqs: an SQS emulator speaking the JSON protocol of the current SDK, which serves S3 on the same
 * endpoint too (inbound mail's bucket); `dataDir` keeps queued mail and stored objects across starts. A queue is
 * created only when the saved state has none of that name: fauxqs's own
 * createQueue rewrites the queue row, and the database's cascade deletes every message it held.
 */
export const startSqs = async ({
  port,
  dataDir,
}: {
  port: number;
  dataDir?: string;
}): Promise<
  Emulator & {
    ensureQueue(name: string, attributes?: Record<string, string>): string;
    ensureBucket(name: string): string;
  }
> => {
  await Promise.all([mendFauxqsPersistence(), mendFauxqsBodyCheck()]);
  const { startFauxqs } = await import('fauxqs');
  const server = await onLoopbackWhileStarting(() => startFauxqs({ port, logger: false, dataDir }));
  return {
    endpoint: server.address,
    port: server.port,
    stop: () => server.stop(),
    ensureQueue: (name, attributes) =>
      server.inspectQueue(name)?.url ?? server.createQueue(name, { attributes }).queueUrl,
    // fauxqs's createBucket keeps a bucket that exists, with its objects (inbound mail; the files of queued mail).
    ensureBucket: (name) => server.createBucket(name).bucketName,
  };
};
