import type {
  AttachmentStore,
  CampaignStore,
  Clock,
  Ids,
  MailerFactory,
  MessageStore,
  ProviderStore,
  ReceivedMail,
  ReputationStore,
  SendingBrake,
  SendQueue,
  SendQuotaStore,
  SendRates,
  TrackingSettings,
  WebhookEvents,
} from '../../ports';
import { MailerError } from '../../ports';
import { SETTLED } from '../mail/message-status';
import { createSendTally } from './send-tally';
import { markSent, sendWithinLimits } from '../mail/send-step';
import type { Provider } from '../types';
import { outgoingMail } from '../mail/outgoing-mail';
import { mailTracking } from '../tracking/tracking';
import { createPacer } from './pacer';
import { releaseScheduled } from './release-scheduled';
import { dropStoredParts, withStoredParts } from './stored-parts';
import { receiveAhead } from './receive-ahead';
import { foreignSenderDomains } from '../providers/sender-claims';
import { domainOf, senderRefusal } from '../providers/sender-domain';

/** How long a run trusts what it read about a campaign being cancelled: a cancel stops its mail within this. */
const CAMPAIGN_RECHECK_MS = 5_000;
const CANCELLED = 'The campaign was cancelled; not sent';
/** How often a run looks for scheduled mail whose time came: it leaves within this of its time while a run lasts. */
const RELEASE_EVERY_MS = 5_000;
/** A mail whose sender the sender rule refuses as it leaves: it ends failed with the reason, never retried. */
class SenderStopped extends Error {}
/** How long a stall the pace may catch up afterwards (pacer.ts). */
const CATCH_UP_MS = 1_000;

export interface DrainDeps {
  attachments: AttachmentStore;
  queue: SendQueue;
  messages: MessageStore;
  providers: ProviderStore;
  quotas: SendQuotaStore;
  mailers: MailerFactory;
  rates: SendRates;
  clock: Clock;
  ids: Ids;
  tracking: TrackingSettings;
  events: WebhookEvents;
  campaigns: CampaignStore;
  reputation: ReputationStore;
}

/**
 * How long mail of an account whose sending is paused (the reputation brake) waits before the drainer
 * looks again: a resume takes effect within this, and a waiting mail costs two calls per look. It must
 * stay well under the reconciler's overdue time (10 minutes), which the postponed due time keeps it from.
 */
export const PAUSED_WAIT_SECONDS = 300;

export interface DrainOptions {
  /** Stop taking new work after this many milliseconds. */
  budgetMs: number;
  /**
   * A claim younger than this is a send in flight in some run (the longest a run lasts). A copy
   * that comes back after a run died does so after the send queue's visibility timeout, longer than
   * any run, so it finds an older claim and ends the message failed as interrupted. A claim whose
   * send never settles is the reconciler's to find.
   */
  inFlightMs?: number;
  maxAttempts?: number;
  retryBaseSeconds?: number;
  /** How long a paused account's mail waits before it is looked at again (PAUSED_WAIT_SECONDS). */
  pausedWaitSeconds?: number;
  /** Aborted: take no new work, let what is in flight settle (a graceful stop of `npm start`). */
  signal?: AbortSignal;
  /** Told of every failure the run contained (the item stays in the queue and comes back). */
  onError?: (failure: { stage: string; message_id?: string; error: unknown }) => void;
}

export interface DrainReport {
  received: number;
  sent: number;
  retried: number;
  failed: number;
  deferred: number;
  /** Left waiting in the queue because the account's sending is paused (the reputation brake). */
  paused: number;
  duplicates: number;
  /** Campaign mail not sent because its campaign was cancelled. */
  cancelled: number;
  /** Scheduled mail whose time came, moved to the send queue by this run. */
  released: number;
  /** Failures of the run's own calls (store, queue), each contained to its item or step. */
  errors: number;
  /** The run ended because the queue had nothing more to give (not out of time, not stopped). */
  emptied: boolean;
}

/** Seconds until the provider's fullest window (hour or day) opens again. */
const secondsUntilWindowOpens = (provider: Provider, now: Date) => {
  const nextHour = Math.ceil((now.getTime() + 1) / 3_600_000) * 3_600_000;
  const nextDay = Math.ceil((now.getTime() + 1) / 86_400_000) * 86_400_000;
  const opens = provider.hourly_limit ? nextHour : nextDay;
  return Math.ceil((opens - now.getTime()) / 1000) + 1;
};

/**
 * One drain run: takes queued mail ten at a time until the queue is empty or the budget is spent,
 * and sends each at most once, at the provider's pace, inside its hourly/daily limits.
 *
 * Per item: reserve quota (over the limit: the item waits in the queue, hidden until the window
 * opens) -> claim queued->sending (conditional: a redelivered item already sent is just deleted) ->
 * send -> sent. Transient failures go back to `queued` with exponential backoff; after `maxAttempts`
 * (or a permanent refusal) the item ends `failed` with its reason and is parked in the DLQ.
 */
export const drain = async (deps: DrainDeps, options: DrainOptions): Promise<DrainReport> => {
  const maxAttempts = options.maxAttempts ?? 5;
  const retryBase = options.retryBaseSeconds ?? 5;
  const deadline = deps.clock.now().getTime() + options.budgetMs;
  const report: DrainReport = {
    received: 0,
    sent: 0,
    retried: 0,
    failed: 0,
    deferred: 0,
    paused: 0,
    duplicates: 0,
    cancelled: 0,
    released: 0,
    errors: 0,
    emptied: false,
  };
  const accounts = new Map<string, ReturnType<ProviderStore['list']>>();
  // Counts and webhook events of settled mail, written ten mails at a time.
  const tally = createSendTally(deps);
  const pacers = new Map<
    string,
    Promise<{ admit: ReturnType<typeof createPacer>; call: ReturnType<typeof createPacer> }>
  >();
  const pending = new Set<Promise<unknown>>();

  /** The mail's provider and its account's sending brake: one read per account and run (the providers' Query). */
  const providerOf = async (
    received: ReceivedMail,
  ): Promise<{ provider: Provider | undefined; brake: SendingBrake | undefined }> => {
    const key = received.mail.account_id;
    if (!accounts.has(key)) {
      const lookup = deps.providers.list(key);
      // A failed lookup is not remembered: the next item of that account asks again.
      lookup.catch(() => accounts.delete(key));
      accounts.set(key, lookup);
    }
    const { providers, brake } = await accounts.get(key)!;
    return { provider: providers.find((p) => p.id === received.mail.provider_id), brake };
  };
  // Whether another account holds a sender domain: one read of its claims per account, domain and run.
  const foreign = new Map<string, Promise<boolean>>();
  const heldElsewhere = (accountId: string, domain: string) => {
    const key = `${accountId} ${domain}`;
    if (!foreign.has(key)) {
      const answer = foreignSenderDomains(deps.providers, accountId, [domain]).then((found) => found.has(domain));
      answer.catch(() => foreign.delete(key));
      foreign.set(key, answer);
    }
    return foreign.get(key)!;
  };
  /**
   * Why the mail's sender is no longer allowed as it leaves (docs/promises.md, "Send as anyone"): the
   * sender rule of the send paths, judged again with what the account holds now (its domain deleted,
   * or another account's meanwhile), from the run's reads; undefined when it may leave.
   */
  const senderStopped = async ({ mail }: ReceivedMail, provider: Provider) => {
    const { domains, operatorDomains } = await accounts.get(mail.account_id)!;
    const domain = domainOf(mail.from.email);
    const held = (await heldElsewhere(mail.account_id, domain)) ? new Set([domain]) : new Set<string>();
    const refusal = senderRefusal({ provider, domains, operatorDomains }, mail.from.email, held);
    return refusal && `The sender's domain ${domain} is no longer allowed: ${refusal.message}; not sent`;
  };
  // SES's rate is per AWS account and region, so SES providers in one region share a pacer. Each has
  // two: `admit` takes mail in at the rate (and keeps the run from claiming more than it can send),
  // `call` spaces the provider calls themselves. Both catch up a stall of up to a second (a slow claim,
  // a busy table, a late receive) at half spacings, never more than the rate in any second (pacer.ts):
  // without it, each stall of a few hundred ms was lost for good (bench streams, 93% of the rate).
  const pacerOf = (provider: Provider) => {
    const key = provider.type === 'ses' ? `ses:${provider.region ?? ''}` : `smtp:${provider.id}`;
    if (!pacers.has(key)) {
      const pacer = deps.rates.perSecond(provider).then((rate) => ({
        admit: createPacer(rate, deps.clock, CATCH_UP_MS),
        call: createPacer(rate, deps.clock, CATCH_UP_MS),
      }));
      pacer.catch(() => pacers.delete(key));
      pacers.set(key, pacer);
    }
    return pacers.get(key)!;
  };

  const fail = async (received: ReceivedMail, reason: string) => {
    await deps.messages.update(received.mail.account_id, received.mail.message_id, {
      status: 'failed',
      error_message: reason,
    });
    await deps.queue.deadLetter(received, reason);
    report.failed++;
    // A failed tally write is the tally's, not this mail's: it is reported and the mail settles.
    await contained('tally', async () => tally.failed(received.mail), received.mail.message_id);
  };

  // Whether a campaign was cancelled, read once per campaign every few seconds (a small item).
  const stopped = new Map<string, { at: number; answer: Promise<boolean> }>();
  const campaignStopped = (mail: ReceivedMail['mail']) => {
    const key = `${mail.account_id}/${mail.campaign_id}`;
    const known = stopped.get(key);
    if (known && deps.clock.now().getTime() - known.at < CAMPAIGN_RECHECK_MS) return known.answer;
    const answer = deps.campaigns.isStopped(mail.account_id, mail.campaign_id!);
    answer.catch(() => stopped.delete(key));
    stopped.set(key, { at: deps.clock.now().getTime(), answer });
    return answer;
  };

  /**
   * The account's sending is paused: the mail waits in the queue, neither sent nor failed, and its
   * record carries the later due time so that the reconciler does not take it for lost.
   */
  const waitPaused = async (received: ReceivedMail) => {
    const wait = options.pausedWaitSeconds ?? PAUSED_WAIT_SECONDS;
    const dueAt = new Date(deps.clock.now().getTime() + wait * 1000);
    await deps.queue.delay(received.receipt, wait);
    await deps.messages.postpone(received.mail.account_id, received.mail.message_id, dueAt);
    report.paused++;
  };

  /** Sends one claimed-or-not item; answers true when its queue message may be deleted. */
  const sendOne = async (
    received: ReceivedMail,
    provider: Provider,
    callPacer: ReturnType<typeof createPacer>,
  ): Promise<boolean> => {
    const { mail } = received;
    if (mail.campaign_id && (await campaignStopped(mail))) {
      // Claimed first, so that only a mail still `queued` ends failed: one sent already stays sent.
      const claim = await deps.messages.claim(mail.account_id, mail.message_id, deps.clock.now());
      if (claim.claimed) {
        await deps.messages.update(mail.account_id, mail.message_id, { status: 'failed', error_message: CANCELLED });
        report.cancelled++;
      } else report.duplicates++;
      return true;
    }
    const now = deps.clock.now();
    const recipients = 1 + mail.cc.length + mail.bcc.length;
    const stopped = await senderStopped(received, provider);
    const step = await sendWithinLimits(deps, provider, recipients, now, {
      claim: async () => {
        const claim = await deps.messages.claim(mail.account_id, mail.message_id, now);
        return claim.claimed ? { go: true, claim } : { go: false, hold: claim };
      },
      mail: async () => {
        // Claimed first, as a cancelled campaign's mail is: only a mail still `queued` ends failed.
        if (stopped) throw new SenderStopped(stopped);
        // Whole first: stored bodies decide tracking (an HTML mail is tracked) as inline ones do.
        const whole = await withStoredParts(deps.attachments, mail);
        return outgoingMail(whole, await mailTracking(deps.tracking, whole.account_id, whole, deps.clock.now()));
      },
      // Admitted, so its slot comes (no deadline): the admission pace bounds how long it waits.
      beforeCall: () => callPacer.slot(Number.POSITIVE_INFINITY),
      sent: async (providerMessageId) => {
        await markSent(deps.messages, mail.account_id, mail.message_id, providerMessageId, deps.clock.now());
        // Sent: its stored files are never read again (a failure to drop them is the store's expiry's to mend).
        await contained('attachments', () => dropStoredParts(deps.attachments, mail), mail.message_id);
      },
    });
    if (step.outcome === 'limited') {
      const wait = secondsUntilWindowOpens(provider, now);
      await deps.queue.delay(received.receipt, wait);
      // Waiting on purpose: the reconciler must not take it for lost.
      await deps.messages.postpone(mail.account_id, mail.message_id, new Date(now.getTime() + wait * 1000));
      report.deferred++;
      return false;
    }
    if (step.outcome === 'held') {
      const claim = step.hold;
      // Settled, or claimed moments ago by another copy of the same queue entry (a fan-out chunk run
      // twice, an SQS duplicate): that copy sends it and settles it; this one is dropped.
      if (claim.status === 'cancelled')
        await contained('attachments', () => dropStoredParts(deps.attachments, mail), mail.message_id);
      if (
        (claim.status && SETTLED.has(claim.status)) ||
        (claim.status === 'sending' &&
          claim.claimedAt !== null &&
          now.getTime() - claim.claimedAt.getTime() < (options.inFlightMs ?? 0))
      ) {
        report.duplicates++;
        return true;
      }
      // `sending` here means an earlier run died mid-send: whether the mail left is unknown, and
      // sending again could deliver it twice, so it ends failed with that reason instead.
      await fail(
        received,
        claim.status === 'sending'
          ? 'The send was interrupted; not retried to avoid a duplicate'
          : 'The message record is missing',
      );
      return false;
    }
    const { attempts } = step.claim;
    if (step.outcome === 'sent') {
      report.sent++;
      await contained('tally', async () => tally.sent(mail, recipients), mail.message_id);
      return true;
    }
    if (step.error instanceof SenderStopped) {
      await fail(received, step.error.message);
      return false;
    }
    const mailerError =
      step.error instanceof MailerError
        ? step.error
        : new MailerError(String(step.error), 'The provider call failed', true);
    if (mailerError.transient && attempts < maxAttempts) {
      const backoff = Math.min(900, retryBase * 2 ** (attempts - 1));
      const dueAt = new Date(deps.clock.now().getTime() + backoff * 1000);
      await deps.messages.unclaim(
        mail.account_id,
        mail.message_id,
        `Attempt ${attempts} failed: ${mailerError.reason}; retrying`,
        dueAt,
      );
      await deps.queue.delay(received.receipt, backoff);
      report.retried++;
      return false;
    }
    await fail(received, `${mailerError.reason} (after ${attempts} attempt${attempts === 1 ? '' : 's'})`);
    return false;
  };

  /**
   * Runs one step of the run; a failure is reported and contained. The item it concerned stays in
   * the queue and comes back after its visibility timeout, where the claim keeps it at most once.
   */
  const contained = async <T>(stage: string, step: () => Promise<T>, messageId?: string): Promise<T | undefined> => {
    try {
      return await step();
    } catch (error) {
      report.errors++;
      options.onError?.({ stage, message_id: messageId, error });
      return undefined;
    }
  };
  const outOfTime = () => options.signal?.aborted === true || deps.clock.now().getTime() >= deadline;

  // The next batches are received while this one is paced (receive-ahead.ts).
  const feed = receiveAhead(() => deps.queue.receive(10), 10);
  let releasedAt = -Infinity;
  while (!outOfTime()) {
    // Scheduled mail due by now joins the queue: at the start of the run, then every few seconds of a long one.
    if (deps.clock.now().getTime() - releasedAt >= RELEASE_EVERY_MS) {
      releasedAt = deps.clock.now().getTime();
      report.released += (await contained('release', () => releaseScheduled(deps))) ?? 0;
    }
    const errorsBefore = report.errors;
    const batch = (await contained('receive', () => feed.next())) ?? [];
    if (batch.length === 0) {
      // Sends still settling may put items back (retries): only an empty queue, asked when nothing was in
      // flight, ends the run (or a failed receive: the run ends, not emptied).
      if (pending.size === 0 && (feed.showedEmpty() || report.errors > errorsBefore)) {
        report.emptied = report.errors === 0;
        break;
      }
      await Promise.all(pending);
      continue;
    }
    report.received += batch.length;
    const outcomes: Promise<string | null>[] = [];
    for (let i = 0; i < batch.length; i++) {
      const received = batch[i];
      const id = received.mail.message_id;
      const lookup = await contained('provider', () => providerOf(received), id);
      if (!lookup) continue;
      const { provider, brake } = lookup;
      if (brake?.paused) {
        outcomes.push(contained('paused', () => waitPaused(received), id).then(() => null));
        continue;
      }
      if (!provider) {
        outcomes.push(
          contained('fail', () => fail(received, 'The provider of this message no longer exists'), id).then(() => null),
        );
        continue;
      }
      // Out of time (or stopping): leave the rest for the next run, visible again at once.
      const pacer = await contained('pacer', () => pacerOf(provider), id);
      if (!pacer || options.signal?.aborted || !(await pacer.admit.slot(deadline))) {
        await Promise.all(
          batch
            .slice(i)
            .map((rest) => contained('hand back', () => deps.queue.delay(rest.receipt, 0), rest.mail.message_id)),
        );
        break;
      }
      outcomes.push(
        contained('send', () => sendOne(received, provider, pacer.call), id).then((done) =>
          done ? received.receipt : null,
        ),
      );
    }
    // Deletes happen per batch once its sends settle, while the next batch is already being paced.
    // A failed delete loses nothing: the item comes back, finds its message settled and is deleted then.
    const settled: Promise<unknown> = Promise.all(outcomes)
      .then(async (receipts) => {
        const done = receipts.filter((receipt): receipt is string => receipt !== null);
        if (done.length) await contained('delete', () => deps.queue.delete(done));
      })
      .finally(() => {
        pending.delete(settled);
        feed.done();
      });
    pending.add(settled);
  }
  // Batches received ahead and never paced are handed back, visible again at once for the next run.
  const unpaced = await feed.rest();
  await Promise.all(
    unpaced.map((rest) => contained('hand back', () => deps.queue.delay(rest.receipt, 0), rest.mail.message_id)),
  );
  await Promise.all(pending);
  await contained('tally', () => tally.flush());
  return report;
};
