import { countForCampaign } from '../campaigns/stats';
import type {
  BounceStore,
  CampaignStore,
  Clock,
  CounterStore,
  ReputationStore,
  SubscriberStore,
  SuppressionStore,
  MessageRecords,
  TenantStore,
} from '../../ports';
import { weighBrake } from '../reputation/reputation';
import { log } from '../../log';
import { tenantScope } from '../tenants/tenant';
import { isoTimestamp, mailTimestamp } from '../time';
import type { Bounce, BounceType, MailMessage, SubscriberStatus } from '../types';

export interface BounceDeps {
  bounces: BounceStore;
  counters: CounterStore;
  subscribers: SubscriberStore;
  suppressions: SuppressionStore;
  messages: MessageRecords;
  reputation: ReputationStore;
  clock: Clock;
  campaigns: CampaignStore;
  /** A tenant's mail bounced: its own brake is weighed, and paused on the tenant (issue 42). */
  tenants?: TenantStore;
}

export interface BounceReport {
  accountId: string;
  email: string;
  bounceType: BounceType;
  subtype?: string;
  diagnostic?: string | null;
  source: Bounce['source'];
  /** A provider event's own id: a redelivered event records nothing a second time. */
  eventKey?: string;
  message?: MailMessage;
}

/** spec 3.1 and docs/promises.md: the third consecutive soft bounce counts as a hard one. */
const SOFT_BOUNCE_THRESHOLD = 3;

/**
 * Records one bounce and applies its consequences, for manual reports and every provider alike:
 * the address's run of soft bounces; the suppression list (hard, third soft, complaint); every
 * subscriber with the address in the account (bounced, or unsubscribed for a complaint); the message
 * it concerns (status forward, and an event); and the bounce record.
 *
 * Providers deliver an event at least once, and again when its processing failed. So every
 * consequence is safe to repeat (the run counts each event once; the others set a state), and the
 * event is marked as seen last, in one write with the bounce record and the message's event: a
 * failure anywhere before leaves it unmarked, and its redelivery applies whatever is missing. A
 * redelivery after the mark changes nothing. (A failed attempt may leave a gap in bounce ids.)
 */
/**
 * The log line of each bounce or complaint of a tenant's mail (issue 42), with `account_id`, `tenant_id` and
 * `kind` (hard, soft, complaint): CloudWatch Contributor Insights ranks the worst tenants by it (lib/monitoring.ts),
 * so no metric ever has a dimension per tenant.
 */
export const TENANT_BOUNCE_LOG = 'tenant bounce or complaint';

export const recordBounce = async (
  deps: BounceDeps,
  report: BounceReport,
): Promise<{ id: number } | { duplicate: true }> => {
  const eventKey = report.eventKey ?? null;
  // Provider events count towards the account's reputation (GET /stats, the brake); manual reports
  // (POST /bounces) are the account's own bookkeeping, which SES never sees, and do not.
  const counts = report.source !== 'api';
  // The tenant of the mail that bounced (issue 42): its counters, brake and suppression list are its own.
  const tenantId = report.message?.tenant_id;
  if (eventKey && (await deps.bounces.seen(report.accountId, eventKey))) {
    // Weighed again: a redelivery after a failure to weigh (the bounce was counted) repairs it.
    if (counts) await weighBrake(deps, report.accountId, tenantId);
    return { duplicate: true };
  }
  const now = deps.clock.now();
  const subscribers = await deps.subscribers.findByEmail(report.accountId, report.email);
  const bounce: Bounce = {
    id: await deps.counters.add(report.accountId, 'bounce', 1),
    account_id: report.accountId,
    email: report.email,
    bounce_type: report.bounceType,
    bounce_subtype: report.subtype ?? '',
    diagnostic_code: report.diagnostic ?? null,
    source: report.source,
    campaign_name: report.message?.campaign_name ?? '',
    subscriber_name: subscribers.find((s) => s.name)?.name ?? '',
    message_id: report.message?.message_id ?? null,
    created_at: isoTimestamp(now),
  };

  let suppress = report.bounceType !== 'soft';
  if (report.bounceType === 'soft') {
    const run = await deps.suppressions.countSoftBounce(
      report.accountId,
      report.email,
      eventKey ?? `bounce#${bounce.id}`,
    );
    suppress = run >= SOFT_BOUNCE_THRESHOLD;
  } else if (report.bounceType === 'hard') await deps.suppressions.resetSoftBounces(report.accountId, report.email);
  if (suppress) {
    const reason =
      report.bounceType === 'complaint' ? 'complaint' : report.bounceType === 'hard' ? 'hard_bounce' : 'soft_bounce';
    await deps.suppressions.add(tenantScope(report.accountId, tenantId), {
      email: report.email,
      reason,
      source: report.source,
      created_at: bounce.created_at,
    });
  }

  const next: SubscriberStatus | null =
    report.bounceType === 'complaint' ? 'unsubscribed' : suppress ? 'bounced' : null;
  if (next) {
    for (const subscriber of subscribers) {
      if (subscriber.status !== next)
        await deps.subscribers.update(subscriber, { status: next, updated_at: bounce.created_at });
    }
  }

  const kind = report.bounceType === 'complaint' ? 'complaint' : 'bounce';
  if (report.message) {
    await deps.messages.update(report.message.account_id, report.message.message_id, {
      status: kind === 'complaint' ? 'complained' : 'bounced',
    });
  }
  const messageEvent = report.message
    ? { event_type: kind, ip_address: null, user_agent: null, created_at: mailTimestamp(now) }
    : null;
  const figure =
    report.bounceType === 'complaint' ? 'complained' : report.bounceType === 'hard' ? 'bounced_hard' : 'bounced_soft';
  const count = counts ? { at: now, figures: { [figure]: 1 }, tenantId } : null;
  if (!(await deps.bounces.record(bounce, { eventKey, messageEvent, count }))) return { duplicate: true };
  // Counted once the event is recorded, so a redelivered event counts nothing twice.
  if (report.message?.campaign_id) {
    await countForCampaign(
      deps,
      report.message.account_id,
      report.message.campaign_id,
      kind === 'complaint' ? { complained: 1 } : { bounced: 1 },
    );
  }
  if (counts && tenantId)
    log('info', TENANT_BOUNCE_LOG, { account_id: report.accountId, tenant_id: tenantId, kind: report.bounceType });
  if (counts) await weighBrake(deps, report.accountId, tenantId);
  return { id: bounce.id };
};
