import type { AutomationStore, Clock, Ids } from '../../ports';
import { contactId as timeOrderedId } from '../contacts/contact-id';
import type { Contact } from '../contacts/contact';
import { sha256Hex } from '../hash';
import { isoTimestamp } from '../time';
import { evaluate } from './conditions';
import type { Automation } from './records';

export type StartDeps = { automations: AutomationStore; clock: Clock; ids: Ids };

/** The enabled automations whose trigger names `event`. */
export const triggeredBy = (automations: Automation[], event: string) =>
  automations.filter(
    (a) => a.status === 'enabled' && a.steps.some((s) => s.type === 'trigger' && s.config.event_name === event),
  );

/**
 * A run of each automation for the contact, due now (the runner takes it at its next round); how many
 * were written. `once`: an event with an id of its own (the service's events, which SQS delivers at
 * least once): each run's id follows from it and the automation, so a second delivery of the event
 * finds its runs written and starts none.
 */
export const startRuns = async (
  deps: StartDeps,
  accountId: string,
  automations: Automation[],
  run: { contact_id: string; event: string; payload: Record<string, unknown> },
  once?: { key: string; at: Date },
) => {
  const now = deps.clock.now();
  const at = isoTimestamp(now);
  let started = 0;
  for (const automation of automations) {
    const trigger = automation.steps.find((s) => s.type === 'trigger')!;
    const id = once
      ? timeOrderedId(once.at, sha256Hex(`${once.key}/${automation.id}`))
      : timeOrderedId(now, deps.ids.uuid());
    const written = await deps.automations.startRun(
      {
        id,
        account_id: accountId,
        automation_id: automation.id,
        contact_id: run.contact_id,
        event: run.event,
        payload: run.payload,
        status: 'running',
        seq: 0,
        at_key: trigger.key,
        started_at: at,
        completed_at: null,
        created_at: at,
      },
      now,
    );
    if (written) started++;
  }
  return started;
};

/**
 * The contact's runs waiting for `event` receive it (once each: a conditional write) and are made due
 * now, unless the wait's filter rule turns the payload down; how many received it (runs still running).
 */
export const receiveWaits = async (
  deps: Pick<StartDeps, 'automations' | 'clock'>,
  accountId: string,
  contact: Contact,
  event: string,
  payload: Record<string, unknown>,
) => {
  const now = deps.clock.now();
  const at = isoTimestamp(now);
  let received = 0;
  const graphs = new Map<string, Automation | undefined>();
  for (const wait of await deps.automations.waitsFor(accountId, contact.id, event)) {
    if (!graphs.has(wait.automation_id))
      graphs.set(wait.automation_id, await deps.automations.get(accountId, wait.automation_id));
    const filter = graphs.get(wait.automation_id)?.steps.find((s) => s.key === wait.key)?.config.filter_rule;
    if (filter && !evaluate(filter, { payload, contact })) continue;
    if (!(await deps.automations.receive(wait, { payload, at }))) continue;
    // A run stopped meanwhile keeps its wait in the index but is woken no more: it received nothing that counts.
    if (await deps.automations.wake(accountId, wait.automation_id, wait.run_id, now)) received++;
  }
  return received;
};
