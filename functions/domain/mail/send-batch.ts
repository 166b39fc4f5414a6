import type {
  AttachmentStore,
  Clock,
  CounterStore,
  Ids,
  ProviderStore,
  QueuedMail,
  SendQueue,
  SuppressionStore,
  MessageRecords,
  MessageSchedule,
  TenantStore,
} from '../../ports';
import { batchTenants } from '../tenants/batch-tenants';
import type { Tenant } from '../tenants/tenant';
import { requireTenantSending } from '../tenants/sending-tenant';
import type { BatchItem, SendBatchInput } from './mail-input';
import { requireDefaultProvider, senderRefusals } from '../providers/default-provider';
import type { ErrorCode } from '../errors';
import type { MailMessage, MessageSource } from '../types';
import { acceptMail, messageRecord, queuedMail } from './accepted-mail';
import { withoutSuppressed } from './suppressed-recipients';
import { scheduleProblem } from './schedule';
import { offloadLargeParts } from '../queue/stored-parts';
import { mailTimestamp } from '../time';
import { type KeptBody, keptBodyOf } from './kept-body';

export interface SendBatchDeps {
  /**
   * False for mail whose body carries a secret (a double opt-in link): its body is never kept
   * (kept-body.ts). Every other batch keeps its bodies.
   */
  keepBodies?: boolean;
  /** Where large files wait; a caller whose mail never has files (a confirmation request) has none. */
  attachments?: AttachmentStore;
  providers: ProviderStore;
  suppressions: SuppressionStore;
  messages: MessageRecords & MessageSchedule;
  counters: CounterStore;
  queue: SendQueue;
  clock: Clock;
  ids: Ids;
  /** The tenants a batch may name (issue 42); a caller that never names one (double opt-in) has none. */
  tenants?: TenantStore;
}

type Entry =
  | { to: string | null; status: 'queued' | 'scheduled'; queue_id: number; message_id: string }
  | { to: string | null; status: 'failed'; message_id?: string; error: { code: string; message: string } };

const failed = (to: unknown, code: string, message: string, messageId?: string): Entry => ({
  to: typeof to === 'string' ? to : null,
  status: 'failed',
  ...(messageId ? { message_id: messageId } : {}),
  error: { code, message },
});

/** A caller without tenants: every tenant it would name is unknown. */
const NO_TENANTS: Pick<TenantStore, 'find'> = { find: async () => undefined };

const NOT_STORED = 'The message could not be stored; nothing was sent';
const NOT_QUEUED = 'The message could not be queued; nothing was sent';

/**
 * Writes the records (`queued`), then enqueues them. A record is never left `queued` without a queue
 * entry: when the writes fail, every record of the batch that was written ends `failed` (the others
 * never existed); when enqueueing fails, what did not reach the queue ends `failed`. An entry that
 * reached the queue before a failure finds its record `failed` and is dropped by the drainer's claim.
 * Answers the message ids that are not queued, with the reason.
 */
const storeAndEnqueue = async (
  deps: SendBatchDeps,
  accountId: string,
  queued: { message: MailMessage; mail: QueuedMail; body?: KeptBody }[],
) => {
  const notQueued = new Map<string, string>();
  const markFailed = async (ids: string[], reason: string) => {
    for (const id of ids) notQueued.set(id, reason);
    await Promise.all(
      ids.map((id) => deps.messages.update(accountId, id, { status: 'failed', error_message: reason })),
    );
  };
  try {
    const bodies = new Map(queued.flatMap(({ message, body }) => (body ? [[message.message_id, body] as const] : [])));
    await deps.messages.createMany(
      queued.map(({ message }) => message),
      bodies,
    );
  } catch (error) {
    await markFailed(
      queued.map(({ message }) => message.message_id),
      NOT_STORED,
    );
    throw error;
  }
  let refused: string[];
  try {
    refused = (await deps.queue.enqueue(queued.map(({ mail }) => mail))).failed;
  } catch {
    refused = queued.map(({ message }) => message.message_id);
  }
  if (refused.length) await markFailed(refused, NOT_QUEUED);
  return notQueued;
};

/**
 * Queues a batch. Each item is validated on its own (a bad item fails alone) and checked against the
 * suppression list; the accepted ones get queue ids in one atomic counter step, are written as
 * `queued` (BatchWriteItem) and enqueued (SendMessageBatch) before the answer, so nothing answered
 * `queued` can be lost. About 24 AWS calls for 100 items (8 BatchWriteItem: records and their kept bodies).
 */
/**
 * Reads one batch item: the item, or what is wrong with it (the batch's schema leaves items unchecked, so a
 * bad one fails alone).
 */
export type BatchItemCheck = (
  raw: Record<string, unknown>,
) => { ok: true; item: BatchItem } | { ok: false; message: string; code?: ErrorCode };

export const sendBatch = async (
  deps: SendBatchDeps,
  accountId: string,
  input: SendBatchInput,
  checkItem: BatchItemCheck,
  source: MessageSource,
  keyTenantId?: string | null,
) => {
  const sender = await requireDefaultProvider(deps.providers, accountId);
  const { provider } = sender;
  const checks = input.messages.map((raw) => checkItem(raw));
  const { batch, tenantOf } = await batchTenants(
    { tenants: deps.tenants ?? NO_TENANTS },
    { account_id: accountId, tenant_id: keyTenantId },
    input.tenant,
    checks.map((checked) => (checked.ok ? checked.item.tenant : undefined)),
  );
  // The batch's own tenant paused: the whole batch is refused, as a single send would be.
  requireTenantSending(batch);
  // Every sender of the batch judged at once: one read of the name claims (default-provider.ts).
  const itemSenders = checks.map((checked) => (checked.ok ? (checked.item.from_email ?? input.from_email) : undefined));
  const senders = [input.from_email, ...itemSenders];
  const [batchRefusal, ...refusals] = await senderRefusals(deps.providers, accountId, sender, senders);
  // The batch's own sender is the request's: refused, the whole batch is (an item may still override it).
  if (input.from_email !== undefined && batchRefusal) throw batchRefusal;
  const entries: Entry[] = new Array(input.messages.length);
  const valid: { index: number; item: BatchItem; tenant?: Tenant }[] = [];

  input.messages.forEach((raw, index) => {
    const checked = checks[index];
    if (!checked.ok) {
      entries[index] = failed(raw.to, checked.code ?? 'VALIDATION_ERROR', checked.message);
      return;
    }
    const late =
      checked.item.scheduled_at === undefined
        ? undefined
        : scheduleProblem(checked.item.scheduled_at, deps.clock.now());
    if (late) {
      entries[index] = failed(checked.item.to, 'VALIDATION_ERROR', `scheduled_at: ${late}`);
      return;
    }
    // An item without a sender of its own takes the batch's, or else the provider's.
    const refusal = refusals[index];
    const tenant = tenantOf(checked.item.tenant);
    if (refusal) entries[index] = failed(checked.item.to, refusal.code, refusal.message);
    else if (!tenant.ok) entries[index] = failed(checked.item.to, tenant.code, tenant.message);
    else valid.push({ index, item: checked.item, tenant: tenant.tenant });
  });

  // One read of the suppressions per tenant of the batch (and one for its untenanted items): issue 42.
  const byTenant = new Map<string, typeof valid>();
  for (const entry of valid)
    byTenant.set(entry.tenant?.id ?? '', [...(byTenant.get(entry.tenant?.id ?? '') ?? []), entry]);
  const suppressedBy = new Map(
    await Promise.all(
      [...byTenant].map(async ([tenantId, items]) => {
        const addresses = items.flatMap(({ item }) => [item.to, ...(item.cc ?? []), ...(item.bcc ?? [])]);
        return [tenantId, await deps.suppressions.findSuppressed(accountId, addresses, tenantId || undefined)] as const;
      }),
    ),
  );
  const suppressedFor = (tenant: Tenant | undefined) => suppressedBy.get(tenant?.id ?? '') ?? new Set<string>();
  const accepted = valid.filter(({ index, item, tenant }) => {
    if (!suppressedFor(tenant).has(item.to.toLowerCase())) return true;
    entries[index] = failed(item.to, 'RECIPIENT_SUPPRESSED', 'The recipient is on the suppression list');
    return false;
  });

  if (accepted.length) {
    const now = deps.clock.now();
    const lastQueueId = await deps.counters.add(accountId, 'queue', accepted.length);
    const firstQueueId = lastQueueId - accepted.length + 1;
    const queued = accepted.map(({ index, item, tenant }, i) => {
      const sender = { from_email: item.from_email ?? input.from_email, from_name: item.from_name ?? input.from_name };
      const cc = withoutSuppressed(item.cc, suppressedFor(tenant));
      const bcc = withoutSuppressed(item.bcc, suppressedFor(tenant));
      const scheduledAt = item.scheduled_at === undefined ? undefined : mailTimestamp(new Date(item.scheduled_at));
      const when = { now, scheduledAt, source, tenant };
      const mail = acceptMail(deps.ids, accountId, provider, { ...item, ...sender, cc, bcc }, when);
      const queueId = firstQueueId + i;
      const message = { ...messageRecord(mail, scheduledAt === undefined ? 'queued' : 'scheduled'), queue_id: queueId };
      const body = deps.keepBodies === false ? undefined : keptBodyOf(mail);
      return { index, message, mail: queuedMail(mail, queueId), body };
    });
    // Files (and bodies) that would not fit a queue message or a scheduled record wait in the attachment store.
    for (const entry of queued) entry.mail = await offloadLargeParts(deps.attachments, entry.mail);
    const scheduled = queued.filter(({ message }) => message.status === 'scheduled');

    const immediate = queued.filter(({ message }) => message.status === 'queued');
    const notQueued = immediate.length ? await storeAndEnqueue(deps, accountId, immediate) : new Map<string, string>();
    if (scheduled.length) {
      try {
        await deps.messages.schedule(scheduled);
      } catch (error) {
        // As with queued mail: whatever of it was written ends failed, never left waiting unanswered.
        await Promise.all(
          scheduled.map(({ message }) =>
            deps.messages.update(accountId, message.message_id, { status: 'failed', error_message: NOT_STORED }),
          ),
        );
        throw error;
      }
    }
    for (const { index, message } of [...immediate, ...scheduled]) {
      const reason = notQueued.get(message.message_id);
      if (reason) entries[index] = failed(message.to_email, 'SEND_FAILED', reason, message.message_id);
      else
        entries[index] = {
          to: message.to_email,
          status: message.status as 'queued' | 'scheduled',
          queue_id: message.queue_id,
          message_id: message.message_id,
        };
    }
  }

  // Queued now, and failed; a scheduled item is neither (its entry says `scheduled`).
  const count = (status: Entry['status']) => entries.filter((entry) => entry.status === status).length;
  return { total: entries.length, queued: count('queued'), failed: count('failed'), messages: entries };
};
