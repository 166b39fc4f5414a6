import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { MAX_AUTOMATIONS } from '../../domain/automations/graph';
import type { AutomationRun, RunStep } from '../../domain/automations/records';
import type { AutomationStore, SettleChange, StepFinish, TakenRun } from '../../ports';
import { documentClient, queryAll, transactWrite } from './client';
import { conditional, failedConditionIndex } from './conditional';
import { automation as automations, automationEvent, automationRun, automationRunStep } from './entities';
import { sortKey, when } from './entity/expression';
import { type IdList, listNextToId } from './id-page';
import { keys, withoutKeys } from './keys';

const runList = (accountId: string, automationId: string): IdList => ({
  query: automationRun.query(keys.automationRun(accountId, automationId, '').pk, sortKey.beginsWith('RUN#')),
  keyOf: (id) => automationRun.key(accountId, automationId, id),
  get: automationRun.get,
  listForward: false,
});

const runItem = (run: AutomationRun) =>
  automationRun.item(automationRun.key(run.account_id, run.automation_id, run.id), run);
const stepKey = (step: Pick<RunStep, 'account_id' | 'run_id' | 'seq'>) =>
  automationRunStep.key(step.account_id, step.run_id, step.seq);

/** A step's claim: its item (a wait with its gsi1 key), written once. */
const stepClaim = (step: RunStep) => {
  const waiting = step.waiting_for
    ? keys.waitingStep(step.account_id, step.waiting_for.contact_id, step.waiting_for.event, step.run_id, step.seq)
    : {};
  return automationRunStep.put({ ...automationRunStep.item(stepKey(step), step), ...waiting }, { when: when.absent() });
};

/** A step settled from the status it had (a timeout also only while no event was received). */
const finishUpdate = ({ step, from, change, unlessReceived }: StepFinish) =>
  automationRunStep.update(
    automationRunStep.key(step.account_id, step.run_id, step.seq),
    { set: change, remove: automationRunStep.indexAttributes('waiting') },
    { when: unlessReceived ? when.and(when.eq('status', from), when.absent('received')) : when.eq('status', from) },
  );

/** A pass's last write: where the run stands, due again or settled, as long as the pass holds its lease. */
const settleUpdate = (taken: TakenRun, change: SettleChange) => {
  const { run } = taken;
  const { dueAt, ...fields } = change;
  const due = dueAt ? keys.dueRun(run.id, dueAt) : undefined;
  return automationRun.update(
    automationRun.key(run.account_id, run.automation_id, run.id),
    due ? { set: { ...fields, gsi5sk: due.gsi5sk } } : { set: fields, remove: automationRun.indexAttributes('due') },
    { when: when.and(when.eq('gsi5sk', taken.lease), when.eq('status', 'running')) },
  );
};

/**
 * Automations, declared events and runs (docs/data-model.md): automations and events in the account's
 * partition (few, read whole), runs in a partition per automation, each run's steps in a partition of
 * their own keyed by their order. A running run carries a gsi5 key in the AUTORUN partitions (keys
 * only) by when it is due; the runner's pass holds it by moving that key to its lease's end.
 */
export const dynamoAutomationStore = (): AutomationStore => ({
  async create(automation) {
    const count = (await this.all(automation.account_id)).length;
    if (count >= MAX_AUTOMATIONS) return 'full';
    await documentClient().send(
      new PutCommand(
        automations.put(automations.item(automations.key(automation.account_id, automation.id), automation), {
          when: when.absent(),
        }),
      ),
    );
    return 'created';
  },

  async get(accountId, id) {
    const { Item } = await documentClient().send(new GetCommand(automations.get(automations.key(accountId, id))));
    return Item ? withoutKeys(Item) : undefined;
  },

  async all(accountId) {
    const items = await queryAll(
      automations.query(keys.account(accountId).pk, sortKey.beginsWith(keys.automationPrefix)),
    );
    return items.map((item) => withoutKeys(item));
  },

  async replace(automation) {
    const written = await conditional(() =>
      documentClient().send(
        new PutCommand(
          automations.put(automations.item(automations.key(automation.account_id, automation.id), automation), {
            when: when.exists(),
          }),
        ),
      ),
    );
    return written.ok ? automation : undefined;
  },

  async delete(accountId, id) {
    const deleted = await conditional(() =>
      documentClient().send(
        new DeleteCommand(automations.delete(automations.key(accountId, id), { when: when.exists() })),
      ),
    );
    return deleted.ok;
  },

  async createEvent(event) {
    const written = await conditional(() =>
      documentClient().send(
        new PutCommand(
          automationEvent.put(automationEvent.item(automationEvent.key(event.account_id, event.name), event), {
            when: when.absent(),
          }),
        ),
      ),
    );
    return written.ok ? 'created' : 'taken';
  },

  async allEvents(accountId) {
    const items = await queryAll(
      automationEvent.query(keys.account(accountId).pk, sortKey.beginsWith(keys.automationEventPrefix)),
    );
    return items.map((item) => withoutKeys(item));
  },

  async replaceEvent(event) {
    const written = await conditional(() =>
      documentClient().send(
        new PutCommand(
          automationEvent.put(automationEvent.item(automationEvent.key(event.account_id, event.name), event), {
            when: when.and(when.exists(), when.eq('id', event.id)),
          }),
        ),
      ),
    );
    return written.ok ? event : undefined;
  },

  async deleteEvent(event) {
    const deleted = await conditional(() =>
      documentClient().send(
        new DeleteCommand(
          automationEvent.delete(automationEvent.key(event.account_id, event.name), { when: when.eq('id', event.id) }),
        ),
      ),
    );
    return deleted.ok;
  },

  async startRun(run, dueAt) {
    const written = await conditional(() =>
      documentClient().send(
        new PutCommand(automationRun.put({ ...runItem(run), ...keys.dueRun(run.id, dueAt) }, { when: when.absent() })),
      ),
    );
    return written.ok;
  },

  async getRun(accountId, automationId, runId) {
    const { Item } = await documentClient().send(
      new GetCommand(automationRun.get(automationRun.key(accountId, automationId, runId), { consistent: true })),
    );
    return Item ? withoutKeys(Item) : undefined;
  },

  async pageRuns(accountId, automationId, request, statuses) {
    if (!statuses?.length) {
      const page = await listNextToId(runList(accountId, automationId), request);
      return page && { items: page.items.map((item) => withoutKeys<AutomationRun>(item)), has_more: page.has_more };
    }
    // With a status: the runs of the partition read newest first and filtered here (at most 1,000 a request).
    const all = await queryAll({ ...runList(accountId, automationId).query, ScanIndexForward: false, Limit: 1000 });
    const runs = all.map((item) => withoutKeys<AutomationRun>(item)).filter((run) => statuses.includes(run.status));
    const anchor = request.after ?? request.before;
    const at = anchor === undefined ? -1 : runs.findIndex((run) => run.id === anchor);
    if (anchor !== undefined && at === -1) return undefined;
    if (request.before !== undefined) {
      const from = Math.max(0, at - request.limit);
      return { items: runs.slice(from, at), has_more: from > 0 };
    }
    return { items: runs.slice(at + 1, at + 1 + request.limit), has_more: runs.length > at + 1 + request.limit };
  },

  async steps(accountId, runId) {
    const items = await queryAll({
      ...automationRunStep.query(keys.automationRunStep(accountId, runId, 0).pk),
      ConsistentRead: true,
    });
    return items.map((item) => withoutKeys(item));
  },

  async findDue(now, limit) {
    const found = await Promise.all(
      keys.dueRunShards().map(async (shard) => {
        const { Items = [] } = await documentClient().send(
          new QueryCommand({
            ...automationRun.queryIndex('due', shard, sortKey.le(`${now.toISOString()}~`)),
            Limit: limit,
          }),
        );
        return Items.map((item) => ({ pk: item.pk as string, sk: item.sk as string, due: item.gsi5sk as string }));
      }),
    );
    return found
      .flat()
      .sort((a, b) => a.due.localeCompare(b.due))
      .slice(0, limit);
  },

  async take(found, leaseUntil) {
    const runId = found.sk.slice('RUN#'.length);
    const lease = keys.dueRun(runId, leaseUntil);
    const taken = await conditional(() =>
      documentClient().send(
        new UpdateCommand(
          automationRun.update(
            { pk: found.pk, sk: found.sk },
            { set: { gsi5sk: lease.gsi5sk } },
            { when: when.and(when.eq('gsi5sk', found.due), when.eq('status', 'running')), returnValues: 'ALL_NEW' },
          ),
        ),
      ),
    );
    if (!taken.ok || !taken.output.Attributes) return undefined;
    return { run: withoutKeys<AutomationRun>(taken.output.Attributes), lease: lease.gsi5sk };
  },

  async settle(taken, change) {
    const written = await conditional(() => documentClient().send(new UpdateCommand(settleUpdate(taken, change))));
    return written.ok;
  },

  async claimTogether(steps, last) {
    try {
      await transactWrite({
        TransactItems: [
          ...steps.map((held) =>
            'claim' in held ? { Put: stepClaim(held.claim) } : { Update: finishUpdate(held.finish) },
          ),
          ...(last && 'claim' in last ? [{ Put: stepClaim(last.claim) }] : []),
          ...(last && 'settle' in last ? [{ Update: settleUpdate(last.settle, last.change) }] : []),
        ],
      });
      return true;
    } catch (error) {
      const failed = failedConditionIndex(error);
      if (failed === undefined || failed < 0) throw error;
      return false;
    }
  },

  async wake(accountId, automationId, runId, now) {
    const due = keys.dueRun(runId, now);
    const woken = await conditional(() =>
      documentClient().send(
        new UpdateCommand(
          automationRun.update(
            automationRun.key(accountId, automationId, runId),
            { set: due },
            {
              when: when.eq('status', 'running'),
            },
          ),
        ),
      ),
    );
    return woken.ok;
  },

  async cancelRuns(accountId, automationId, at) {
    const running = (await queryAll(runList(accountId, automationId).query)).filter(
      (item) => item.status === 'running',
    );
    let cancelled = 0;
    for (const item of running) {
      const done = await conditional(() =>
        documentClient().send(
          new UpdateCommand(
            automationRun.update(
              { pk: keys.automationRun(accountId, automationId, '').pk, sk: item.sk as string },
              { set: { status: 'cancelled', completed_at: at }, remove: automationRun.indexAttributes('due') },
              { when: when.eq('status', 'running') },
            ),
          ),
        ),
      );
      if (done.ok) cancelled++;
    }
    return cancelled;
  },

  async claimStep(step) {
    const claimed = await conditional(() => documentClient().send(new PutCommand(stepClaim(step))));
    return claimed.ok;
  },

  async getStep(accountId, runId, seq) {
    const { Item } = await documentClient().send(
      new GetCommand(automationRunStep.get(automationRunStep.key(accountId, runId, seq), { consistent: true })),
    );
    return Item ? withoutKeys(Item) : undefined;
  },

  async finishStep(step, from, change, unlessReceived) {
    const written = await conditional(() =>
      documentClient().send(new UpdateCommand(finishUpdate({ step, from, change, unlessReceived }))),
    );
    return written.ok;
  },

  async waitsFor(accountId, contactId, event) {
    const partition = keys.waitingStep(accountId, contactId, event, '', 0).gsi1pk;
    const items = await queryAll(automationRunStep.queryIndex('waiting', partition));
    return items.map((item) => withoutKeys<RunStep>(item)).filter((step) => step.status === 'waiting');
  },

  async receive(step, received) {
    const written = await conditional(() =>
      documentClient().send(
        new UpdateCommand(
          automationRunStep.update(
            stepKey(step),
            { set: { received } },
            { when: when.and(when.eq('status', 'waiting'), when.absent('received')) },
          ),
        ),
      ),
    );
    return written.ok;
  },
});
