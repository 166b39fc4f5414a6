/**
 * Counts every AWS SDK call by service and command. The benchmark reads the counts to report AWS
 * calls per operation; in Lambda the counter costs one increment per call and is never read.
 */
export const awsCalls: Record<string, number> = {};

export const resetAwsCalls = () => {
  for (const name of Object.keys(awsCalls)) delete awsCalls[name];
};

interface MiddlewareStackLike {
  middlewareStack: { add(middleware: unknown, options: { step: 'initialize'; name: string }): void };
}

export const instrument = <T extends MiddlewareStackLike>(client: T): T => {
  client.middlewareStack.add(
    (next: (args: unknown) => Promise<unknown>, context: { clientName?: string; commandName?: string }) =>
      async (args: unknown) => {
        const name = `${(context.clientName ?? 'Client').replace(/Client$/, '')}.${(context.commandName ?? 'Command').replace(/Command$/, '')}`;
        awsCalls[name] = (awsCalls[name] ?? 0) + 1;
        return next(args);
      },
    { step: 'initialize', name: 'countAwsCalls' },
  );
  return client;
};
