/**
 * Issue 40: AWS calls and DynamoDB capacity per automation step executed and per delay released,
 * counted as bench/aws-calls.ts counts the routes (the middleware on every SDK client, the runner in
 * this process, started as its schedule starts it).
 */
type Call = (method: string, path: string, body?: unknown) => Promise<any>;
/** bench/aws-calls.ts's `count` (passed in: that file imports this one). */
type Count<T> = (
  operation: string,
  minimum: number,
  minimumWhy: string,
  run: () => Promise<unknown>,
  perItems?: number,
) => Promise<T>;

export const countAutomations = async <T>(call: Call, count: Count<T>): Promise<T[]> => {
  const { handler } = await import('../functions/handlers/automations');
  const template = await call('POST', '/api/v1/templates', { name: 'Bench', subject: 'Hi {{name}}', text: 'x' });
  const journey = await call('POST', '/api/v1/automations', {
    name: 'Bench journey',
    status: 'enabled',
    steps: [
      { key: 'start', type: 'trigger', config: { event_name: 'bench.journey' } },
      { key: 'send', type: 'send_email', config: { template: { id: template.id, variables: { name: 'Ada' } } } },
      { key: 'check', type: 'condition', config: { type: 'rule', field: 'event.plan', operator: 'eq', value: 'pro' } },
      { key: 'wait', type: 'delay', config: { duration: '1 second' } },
    ],
    connections: [
      { from: 'start', to: 'send' },
      { from: 'send', to: 'check' },
      { from: 'check', to: 'wait', type: 'condition_met' },
    ],
  });
  if (!journey?.id) throw new Error('the bench automation was not made');
  const results: T[] = [];
  results.push(
    await count(
      'POST /events/send (one automation triggered)',
      5,
      "rate limit, the account's events (schema), the contact's claim (made when new) and its record, the " +
        "account's automations, the run written, the contact's waits",
      () =>
        call('POST', '/api/v1/events/send', {
          event: 'bench.journey',
          email: 'bench@example.com',
          payload: { plan: 'pro' },
        }),
    ),
  );
  results.push(
    await count(
      'automation runner: a round of 4 steps (trigger, send_email, condition, delay started), per step',
      1.5,
      "the issue's bound: the due runs (4 keys-only Queries), the take, the contact and the template read once a " +
        'round; the trigger claimed with the send (one transaction), the send settled, the delay started with the ' +
        "run's last write (one transaction) (docs/decisions/0121-automation-steps-written-together.md); and the send " +
        "path's own calls (about 9: bench --only automations measures them apart)",
      () => handler(),
      4,
    ),
  );
  await new Promise((resolve) => setTimeout(resolve, 1_100));
  results.push(
    await count(
      'automation runner: a delay released (the run then completes)',
      6,
      'the due runs (4 keys-only Queries, one a shard), the take, and one transaction: the delay settled unread ' +
        "(its time kept on the run), the condition, the run's last write",
      () => handler(),
    ),
  );
  return results;
};
