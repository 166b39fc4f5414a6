import type { CampaignStore, Clock, SendQueue, MessageRecords, MessageClaims } from '../../ports';
import { countForCampaign } from '../campaigns/stats';

export interface ReconcileDeps {
  messages: MessageClaims & MessageRecords;
  queue: SendQueue;
  clock: Clock;
  campaigns: CampaignStore;
}

export interface ReconcileReport {
  /** `sending` when no send was in flight: the run that sent it died mid-send. */
  interrupted: number;
  /** `queued`, long overdue, while the queue had nothing waiting: its queue entry is gone. */
  lost: number;
}

export const INTERRUPTED_REASON = 'The send was interrupted; not retried to avoid a duplicate';
export const LOST_REASON = 'The message left the send queue without being sent (its queue entry was lost); not sent';

/**
 * Gives every message that can no longer settle by itself a final status and a reason, so none stays
 * `queued` or `sending` forever. It runs at the end of a drain run that emptied the queue, when no
 * send is in flight anywhere (the drainer runs one at a time):
 * - `sending` overdue: the run that claimed it died; whether the mail left is unknown, and sending
 *   it again could deliver it twice, so it ends `failed` with that reason.
 * - `queued` overdue by more than `overdueMinutes` while the queue has nothing visible: every queue
 *   entry due by then has been received, so this one's is gone (a request that died between writing
 *   and enqueueing, or a lost entry). It ends `failed`, visibly, rather than staying `queued`.
 * Messages that wait on purpose (a send window, a retry backoff) carry a later due time, and SQS's
 * visibility timeout is far below `overdueMinutes`, so neither is taken for lost.
 */
export const reconcile = async (
  deps: ReconcileDeps,
  { overdueMinutes, limit = 100 }: { overdueMinutes: number; limit?: number },
): Promise<ReconcileReport> => {
  const report: ReconcileReport = { interrupted: 0, lost: 0 };
  const before = new Date(deps.clock.now().getTime() - overdueMinutes * 60_000);
  const overdue = await deps.messages.findOverdue(before, limit);
  if (!overdue.length) return report;
  // SQS's short poll may answer empty while messages wait: the queue's own count must agree.
  const queueEmpty = (await deps.queue.backlog()) === 0;
  for (const message of overdue) {
    if (message.status === 'sending') {
      await deps.messages.update(message.account_id, message.message_id, {
        status: 'failed',
        error_message: INTERRUPTED_REASON,
      });
      report.interrupted++;
    } else if (message.status === 'queued' && queueEmpty) {
      await deps.messages.update(message.account_id, message.message_id, {
        status: 'failed',
        error_message: LOST_REASON,
      });
      report.lost++;
    } else continue;
    // A campaign mail settled here is settled for its campaign too, or the campaign never turns `sent`.
    if (message.campaign_id) await countForCampaign(deps, message.account_id, message.campaign_id, { failed: 1 });
  }
  return report;
};
