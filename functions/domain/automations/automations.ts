import type { AutomationStore, Clock, Ids, TenantStore } from '../../ports';
import { type Caller, sendingTenant } from '../tenants/sending-tenant';
import type { Tenant } from '../tenants/tenant';
import { contactId as timeOrderedId } from '../contacts/contact-id';
import { AppError, notFound } from '../errors';
import type { IdPageRequest } from '../id-paging';
import { requireAnchored } from '../id-paging';
import { isoTimestamp } from '../time';
import { checkGraph, type Connection, type ConnectionType, MAX_AUTOMATIONS, type Step, type StepInput } from './graph';
import type { Automation, AutomationRun, RunStatus } from './records';
import { forgetListeners } from './service-events';

type Deps = { automations: AutomationStore; clock: Clock; ids: Ids };
/** Writing a graph: its send_email steps' tenants are resolved (issue 42). */
type GraphDeps = Deps & { tenants: Pick<TenantStore, 'find'> };

export interface AutomationInput {
  name: string;
  status?: Automation['status'];
  steps: StepInput[];
  connections: { from: string; to: string; type?: ConnectionType }[];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const typed = (connections: AutomationInput['connections']): Connection[] =>
  connections.map((c) => ({ from: c.from, to: c.to, type: c.type ?? 'default' }));

export const requireAutomation = async (deps: Pick<Deps, 'automations'>, accountId: string, id: string) => {
  const found = UUID.test(id) ? await deps.automations.get(accountId, id.toLowerCase()) : undefined;
  if (!found) throw notFound('Automation');
  return found;
};

/**
 * Each send_email step's `tenant` (an id or a name) kept as the tenant's id, so a rename keeps it: an
 * unknown or foreign one is 404, as on every send path. Nothing is read when no step names one. (A key
 * bound to a tenant is refused these routes, docs/decisions/0116-tenant-bound-keys.md; were it let in, its
 * steps would send as its tenant, as sendingTenant makes its sends.)
 */
const withTenants = async (deps: GraphDeps, caller: Caller, steps: Step[]) => {
  const found = new Map<string, Promise<Tenant | undefined>>();
  return Promise.all(
    steps.map(async (step) => {
      const requested = step.config.tenant as string | undefined;
      if (step.type !== 'send_email' || (requested === undefined && !caller.tenant_id)) return step;
      const ref = requested ?? '';
      if (!found.has(ref)) found.set(ref, sendingTenant(deps, caller, requested));
      const tenant = await found.get(ref)!;
      return { ...step, config: { ...step.config, tenant: tenant!.id } };
    }),
  );
};

/** A new automation, its graph checked whole (400 naming the fault); `disabled` unless asked for. */
export const createAutomation = async (deps: GraphDeps, caller: Caller, input: AutomationInput) => {
  const accountId = caller.account_id;
  const connections = typed(input.connections);
  const steps = await withTenants(deps, caller, checkGraph(input.steps, connections));
  const now = deps.clock.now();
  const automation: Automation = {
    id: timeOrderedId(now, deps.ids.uuid()),
    account_id: accountId,
    name: input.name,
    status: input.status ?? 'disabled',
    steps,
    connections,
    created_at: isoTimestamp(now),
    updated_at: null,
  };
  if ((await deps.automations.create(automation)) === 'full')
    throw new AppError('VALIDATION_ERROR', `An account has at most ${MAX_AUTOMATIONS} automations`, {
      details: [{ field: 'name', message: `An account has at most ${MAX_AUTOMATIONS} automations` }],
    });
  forgetListeners(accountId);
  return automation;
};

/** The account's automations newest first (few: read whole), optionally of one status. */
export const listAutomations = async (
  deps: Pick<Deps, 'automations'>,
  accountId: string,
  status?: Automation['status'],
) =>
  (await deps.automations.all(accountId))
    .filter((a) => status === undefined || a.status === status)
    .sort((a, b) => b.id.localeCompare(a.id));

/** A partial change; a new graph (steps or connections) is checked whole with the part it keeps. */
export const updateAutomation = async (
  deps: GraphDeps,
  caller: Caller,
  id: string,
  change: Partial<AutomationInput>,
) => {
  const accountId = caller.account_id;
  const automation = await requireAutomation(deps, accountId, id);
  const connections = change.connections ? typed(change.connections) : automation.connections;
  const steps =
    change.steps || change.connections
      ? await withTenants(deps, caller, checkGraph(change.steps ?? automation.steps, connections))
      : automation.steps;
  const next: Automation = {
    ...automation,
    ...(change.name !== undefined ? { name: change.name } : {}),
    ...(change.status !== undefined ? { status: change.status } : {}),
    steps,
    connections,
    updated_at: isoTimestamp(deps.clock.now()),
  };
  if (!(await deps.automations.replace(next))) throw notFound('Automation');
  forgetListeners(accountId);
  return next;
};

/** Deleted with its runs stopped: a running one goes no further (the runner cancels it when next due). */
export const deleteAutomation = async (deps: Deps, accountId: string, id: string) => {
  const automation = await requireAutomation(deps, accountId, id);
  await deps.automations.cancelRuns(accountId, automation.id, isoTimestamp(deps.clock.now()));
  if (!(await deps.automations.delete(accountId, automation.id))) throw notFound('Automation');
  forgetListeners(accountId);
  return automation;
};

/** A copy, `disabled`, named "<name> (copy)". */
export const duplicateAutomation = async (deps: GraphDeps, caller: Caller, id: string) => {
  const original = await requireAutomation(deps, caller.account_id, id);
  return createAutomation(deps, caller, {
    name: `${original.name} (copy)`.slice(0, 200),
    status: 'disabled',
    steps: original.steps,
    connections: original.connections,
  });
};

/** Disables the automation (no event starts it) and cancels every run still running. */
export const stopAutomation = async (deps: GraphDeps, caller: Caller, id: string) => {
  const accountId = caller.account_id;
  const automation = await requireAutomation(deps, accountId, id);
  const stopped = await updateAutomation(deps, caller, automation.id, { status: 'disabled' });
  const cancelled = await deps.automations.cancelRuns(accountId, automation.id, isoTimestamp(deps.clock.now()));
  return { automation: stopped, cancelled };
};

/** A run with its step executions, in order (steps never reached are absent). */
export const getRun = async (
  deps: Pick<Deps, 'automations'>,
  accountId: string,
  automationId: string,
  runId: string,
) => {
  const automation = await requireAutomation(deps, accountId, automationId);
  const run = UUID.test(runId)
    ? await deps.automations.getRun(accountId, automation.id, runId.toLowerCase())
    : undefined;
  if (!run) throw notFound('Run');
  return { run, steps: await deps.automations.steps(accountId, run.id) };
};

export const listRuns = async (
  deps: Pick<Deps, 'automations'>,
  accountId: string,
  automationId: string,
  request: IdPageRequest,
  statuses?: RunStatus[],
) => {
  const automation = await requireAutomation(deps, accountId, automationId);
  return requireAnchored(await deps.automations.pageRuns(accountId, automation.id, request, statuses), request);
};

/** A run as both surfaces show it (the SDK's AutomationRun): its steps' records, reached ones only. */
export const presentRun = (run: AutomationRun, steps?: Awaited<ReturnType<typeof getRun>>['steps']) => ({
  id: run.id,
  status: run.status,
  started_at: run.started_at,
  completed_at: run.completed_at,
  created_at: run.created_at,
  ...(steps
    ? {
        steps: steps.map((s) => ({
          key: s.key,
          type: s.type,
          status: s.status,
          output: s.output,
          error: s.error,
          started_at: s.started_at,
          completed_at: s.completed_at,
          created_at: s.created_at,
        })),
      }
    : {}),
});

export const presentAutomation = (a: Automation) => ({
  id: a.id,
  name: a.name,
  status: a.status,
  created_at: a.created_at,
  updated_at: a.updated_at,
});

/** With its graph: a get, and the answers of the native writes. */
export const presentFullAutomation = (a: Automation) => ({
  ...presentAutomation(a),
  steps: a.steps,
  connections: a.connections,
});
