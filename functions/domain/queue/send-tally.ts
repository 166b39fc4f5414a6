import type { CampaignCounters, Clock, Ids, QueuedMail, ReputationStore, WebhookEvents } from '../../ports';
import type { CampaignStatsDeps } from '../campaigns/stats';
import { settleIfDone } from '../campaigns/stats';
import type { Figures } from '../reputation/figures';
import { messageEvent } from '../webhooks/events';
import type { OutboundEvent } from '../webhooks/records';

export interface SendTallyDeps extends CampaignStatsDeps {
  reputation: ReputationStore;
  events: WebhookEvents;
  clock: Clock;
  ids: Ids;
}

/** Mails settled between two writes of the tally. */
const EVERY = 10;

/**
 * What the drainer records of each settled mail besides its record: the account's reputation
 * counts, its campaign's counters and the `email.sent` webhook event. Gathered and written every ten
 * mails (one counter write per account and per campaign, one SendMessageBatch of events) instead of
 * three calls per mail. The record and the queue entry are written per mail as before, so what a
 * run that dies can lose is the last few mails' counts and events, never a mail.
 */
export const createSendTally = (deps: SendTallyDeps) => {
  let accounts = new Map<string, Partial<Figures>>();
  let campaigns = new Map<string, { accountId: string; campaignId: string; sent: number; failed: number }>();
  let events: OutboundEvent[] = [];
  let settled = 0;

  const flush = async () => {
    const [counts, campaignCounts, outbound] = [accounts, campaigns, events];
    accounts = new Map();
    campaigns = new Map();
    events = [];
    settled = 0;
    const now = deps.clock.now();
    // A campaign turns `sent` only when its counts add up, so a campaign's counts that could not be
    // written are kept for the next write (the run's end at the latest). The reputation store and
    // the event queue log their own failures.
    const settling: Promise<void>[] = [];
    const unwritten = await Promise.all(
      [...campaignCounts].map(async ([key, c]) => {
        let counters: CampaignCounters;
        try {
          counters = await deps.campaigns.count(c.accountId, c.campaignId, {
            ...(c.sent ? { sent: c.sent } : {}),
            ...(c.failed ? { failed: c.failed } : {}),
          });
        } catch (error) {
          return { key, counts: c, error };
        }
        // Written: it may settle the campaign. A failure there is reported, never counted again.
        settling.push(settleIfDone(deps, c.accountId, c.campaignId, counters));
        return undefined;
      }),
    );
    await Promise.all([
      ...[...counts].map(([key, figures]) => {
        const [accountId, tenantId] = key.split('/');
        return deps.reputation.count(accountId, now, figures, tenantId || undefined);
      }),
      outbound.length ? deps.events.publishMany(outbound) : undefined,
    ]);
    const failed = unwritten.filter((entry) => entry !== undefined);
    for (const { key, counts: c } of failed) {
      const kept = campaigns.get(key) ?? { ...c, sent: 0, failed: 0 };
      campaigns.set(key, { ...kept, sent: kept.sent + c.sent, failed: kept.failed + c.failed });
    }
    const outcomes = await Promise.allSettled(settling);
    const error = failed[0]?.error ?? outcomes.find((outcome) => outcome.status === 'rejected')?.reason;
    if (error) throw error;
  };

  const add = (mail: QueuedMail, figures: Partial<Figures>, campaign: { sent: number; failed: number }) => {
    // Per account and tenant (issue 42): a tenant's mail counts on its own figures too.
    const scope = `${mail.account_id}/${mail.tenant?.id ?? ''}`;
    const account = accounts.get(scope) ?? {};
    for (const [figure, n] of Object.entries(figures) as [keyof Figures, number][])
      account[figure] = (account[figure] ?? 0) + n;
    accounts.set(scope, account);
    if (mail.campaign_id) {
      const key = `${mail.account_id}/${mail.campaign_id}`;
      const counts = campaigns.get(key) ?? {
        accountId: mail.account_id,
        campaignId: mail.campaign_id,
        sent: 0,
        failed: 0,
      };
      counts.sent += campaign.sent;
      counts.failed += campaign.failed;
      campaigns.set(key, counts);
    }
    return ++settled >= EVERY ? flush() : undefined;
  };

  return {
    /** A mail left: `recipients` count as sent (as SES counts them), and its `email.sent` event. */
    sent(mail: QueuedMail, recipients: number) {
      const tenant = mail.tenant ? { tenant_id: mail.tenant.id } : {};
      events.push(messageEvent(deps, mail.account_id, 'email.sent', mail.message_id, { to: mail.to, ...tenant }));
      return add(mail, { sent: recipients }, { sent: 1, failed: 0 });
    },
    failed(mail: QueuedMail) {
      return add(mail, { failed: 1 }, { sent: 0, failed: 1 });
    },
    /** Writes what was gathered (the end of a run, or every ten mails). */
    flush,
  };
};
