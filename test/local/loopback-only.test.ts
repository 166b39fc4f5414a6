import { networkInterfaces } from 'node:os';
import { createConnection } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localStackPorts, startLocalStack, type LocalStackProcess } from '../support/local-stack-process';
import { scratchDir } from '../support/scratch-dir';

/**
 * `npm start` serves the developer's own machine only: the API, the SES emulator, DynamoDB Local,
 * fauxqs (SQS and S3) and the inbound SMTP listener each refuse a connection made to one of the
 * machine's other addresses, and accept one to 127.0.0.1 (which shows the port really is in use).
 */
const external = Object.values(networkInterfaces())
  .flat()
  .filter((address): address is NonNullable<typeof address> => address !== undefined && !address.internal);
// Link-local IPv6 needs a zone to be reached at all; the rest is what a neighbour could dial.
const otherAddresses = external
  .filter((address) => !(address.family === 'IPv6' && /^fe80:/i.test(address.address)))
  .map((address) => address.address);
const hasOtherIpv4 = external.some((address) => address.family === 'IPv4');
const title = hasOtherIpv4
  ? 'npm start listens on loopback only'
  : 'npm start listens on loopback only (skipped: this machine has no non-loopback IPv4 address to dial)';

/** How a TCP connection to host:port ends: 'connected', or the error's code. */
const dial = (host: string, port: number) =>
  new Promise<string>((resolve) => {
    const socket = createConnection({ host, port, timeout: 5_000 });
    const end = (how: string) => {
      socket.destroy();
      resolve(how);
    };
    socket.once('connect', () => end('connected'));
    socket.once('timeout', () => end('ETIMEDOUT'));
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });

const dataDir = scratchDir('npm-start-loopback-');
let stack: LocalStackProcess | undefined;
let ports: Awaited<ReturnType<typeof localStackPorts>>;

describe.skipIf(!hasOtherIpv4)(title, () => {
  beforeAll(async () => {
    ports = await localStackPorts();
    stack = await startLocalStack({ ...ports, LOCAL_DATA_DIR: dataDir });
  });
  afterAll(async () => {
    await stack?.stop('SIGTERM');
  });

  it.each([
    ['the API', 'PORT'],
    ['the SES emulator and its mailbox', 'SES_PORT'],
    ['DynamoDB Local', 'DYNAMODB_PORT'],
    ['fauxqs (SQS and S3)', 'SQS_PORT'],
    ['the inbound SMTP listener', 'INBOUND_SMTP_PORT'],
  ] as const)("%s refuses the machine's other addresses", async (_what, variable) => {
    const port = Number(ports[variable]);
    expect(await dial('127.0.0.1', port)).toBe('connected');
    const answers = Object.fromEntries(
      await Promise.all(otherAddresses.map(async (address) => [address, await dial(address, port)])),
    );
    expect(answers).toEqual(Object.fromEntries(otherAddresses.map((address) => [address, 'ECONNREFUSED'])));
  });
});
