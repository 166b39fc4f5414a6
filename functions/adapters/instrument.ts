import { AsyncLocalStorage } from 'node:async_hooks';
import { recordAwsCall } from '#aws-call-log';

/**
 * Counts every AWS SDK call by service and command, and (when MEASURE_CAPACITY=1, as the benchmark
 * sets it) the DynamoDB capacity units they consume. The benchmark reads both to report AWS calls and
 * cost per operation; in Lambda the counter costs one increment per call and is never read. When
 * AWS_CALL_LOG is set (the tests), each call is also recorded for the IAM test (call-log.ts).
 */
export const awsCalls: Record<string, number> = {};
export const capacity = { read: 0, write: 0 };

/**
 * The calls of one piece of work and what it awaits, apart from everything else the process does at the
 * same time (the bench: the automation runner's calls while the API serves sends beside it).
 */
export interface Tally {
  calls: Record<string, number>;
  read: number;
  write: number;
}
const tallies = new AsyncLocalStorage<Tally>();
export const newTally = (): Tally => ({ calls: {}, read: 0, write: 0 });
export const tallied = <T>(tally: Tally, work: () => Promise<T>) => tallies.run(tally, work);

export const resetAwsCalls = () => {
  for (const name of Object.keys(awsCalls)) delete awsCalls[name];
  capacity.read = 0;
  capacity.write = 0;
};

interface ConsumedCapacity {
  ReadCapacityUnits?: number;
  WriteCapacityUnits?: number;
  CapacityUnits?: number;
}

const addCapacity = (
  consumed: ConsumedCapacity | ConsumedCapacity[] | undefined,
  command: string,
  into: { read: number; write: number } = capacity,
) => {
  for (const entry of [consumed ?? []].flat()) {
    const read = entry.ReadCapacityUnits ?? 0;
    const write = entry.WriteCapacityUnits ?? 0;
    // Some operations only report a total; reads and writes are told apart by the command.
    const total = read || write ? 0 : (entry.CapacityUnits ?? 0);
    into.read += read + (/Get|Query|Scan/.test(command) ? total : 0);
    into.write += write + (/Get|Query|Scan/.test(command) ? 0 : total);
  }
};

interface MiddlewareStackLike {
  middlewareStack: { add(middleware: unknown, options: { step: 'initialize'; name: string }): void };
}

type Args = { input: Record<string, unknown> };

export const instrument = <T extends MiddlewareStackLike>(client: T): T => {
  client.middlewareStack.add(
    (
      next: (args: Args) => Promise<{ output: Record<string, unknown> }>,
      context: { clientName?: string; commandName?: string },
    ) =>
      async (args: Args) => {
        const service = (context.clientName ?? 'Client').replace(/Client$/, '');
        const command = (context.commandName ?? 'Command').replace(/Command$/, '');
        awsCalls[`${service}.${command}`] = (awsCalls[`${service}.${command}`] ?? 0) + 1;
        const tally = tallies.getStore();
        if (tally) tally.calls[`${service}.${command}`] = (tally.calls[`${service}.${command}`] ?? 0) + 1;
        recordAwsCall(service, command, args.input);
        const measure = service === 'DynamoDB' && process.env.MEASURE_CAPACITY === '1';
        if (measure) args.input.ReturnConsumedCapacity = 'TOTAL';
        const result = await next(args);
        if (measure) {
          addCapacity(result.output?.ConsumedCapacity as ConsumedCapacity, command);
          if (tally) addCapacity(result.output?.ConsumedCapacity as ConsumedCapacity, command, tally);
        }
        return result;
      },
    { step: 'initialize', name: 'countAwsCalls' },
  );
  return client;
};
