import { queuesByUrl, type QueueName } from '../functions/queues';

/**
 * Makes sure the SQS emulator holds every queue the functions reach by URL (functions/queues.ts),
 * named `<prefix>-<name>`, with the declared visibility timeout (or `visibilityTimeoutSeconds`, for
 * the tests, which shorten it so that a redelivery comes within a test's time), and answers each
 * URL under the variable the functions read. The emulator's queues have no redrive policy: locally
 * nothing is dead-lettered by SQS itself (the drainer and the deliverer park what fails on their own).
 * `create` finds or creates a queue and answers its URL.
 */
export const ensureQueues = async (
  create: (name: string, attributes?: Record<string, string>) => string | Promise<string>,
  prefix: string,
  { except = [], visibilityTimeoutSeconds }: { except?: QueueName[]; visibilityTimeoutSeconds?: number } = {},
): Promise<Record<string, string>> => {
  const urls: Record<string, string> = {};
  for (const [name, queue] of queuesByUrl()) {
    if (except.includes(name)) continue;
    const visibility =
      queue.visibilityTimeoutSeconds === undefined
        ? undefined
        : (visibilityTimeoutSeconds ?? queue.visibilityTimeoutSeconds);
    urls[queue.urlEnv] = await create(
      `${prefix}-${queue.name}`,
      visibility === undefined ? undefined : { VisibilityTimeout: String(visibility) },
    );
  }
  return urls;
};
