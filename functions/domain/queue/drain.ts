import type {
  AttachmentStore,
  CampaignStore,
  Clock,
  Ids,
  MailerFactory,
  MessageClaims,
  MessageRecords,
  MessageSchedule,
  ProviderStore,
  ReceivedMail,
  ReputationStore,
  SendQueue,
  SendQuotaStore,
  SendRates,
  TenantStore,
  TrackingSettings,
  WebhookEvents,
} from '../../ports';
import { MailerError } from '../../ports';
import { SETTLED } from '../mail/message-status';
import { markSent, sendWithinLimits } from '../mail/send-step';
import { outgoingMail } from '../mail/outgoing-mail';
import { mailTracking } from '../tracking/tracking';
import type { Provider } from '../types';
import { type DrainOutcome, effectsOf, type QueueMove, type RecordWrite } from './drain-outcomes';
import { DrainReads, type Pacer } from './drain-reads';
import { receiveAhead } from './receive-ahead';
import { releaseScheduled } from './release-scheduled';
import { createSendTally } from './send-tally';
import { dropStoredParts, withStoredParts } from './stored-parts';

const CANCELLED = 'The campaign was cancelled; not sent';
/** How often a run looks for scheduled mail whose time came: it leaves within this of its time while a run lasts. */
const RELEASE_EVERY_MS = 5_000;
/** A mail whose sender the sender rule refuses as it leaves: it ends failed with the reason, never retried. */
class SenderStopped extends Error {}

export interface DrainDeps {
  attachments: AttachmentStore;
  queue: SendQueue;
  /** Claims and settles records; releases scheduled mail whose time came. */
  messages: MessageRecords & MessageClaims & MessageSchedule;
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
  /** A tenant's mail reads its tenant once a run: paused, the mail waits (issue 42). */
  tenants: Pick<TenantStore, 'find'>;
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
export const drain = (deps: DrainDeps, options: DrainOptions): Promise<DrainReport> =>
  new DrainRun(deps, options).run();

const emptyReport = (): DrainReport => ({
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
});

/** What the run does with a received mail before any send (admit). */
type Admission =
  /** Its look-up failed (reported): it stays in the queue and comes back. */
  | { to: 'skip' }
  /** Settled without a send: a paused account's mail, a deleted provider's. */
  | { to: 'settle'; stage: string; outcome: DrainOutcome }
  | { to: 'send'; provider: Provider; pace: Pacer }
  /** Out of time, or stopping: this mail and the rest of its batch go back for the next run. */
  | { to: 'hand back' };

/**
 * One run's state, held in one place: its report, its reads (drain-reads.ts), its tally and the
 * batches whose sends are still settling. Each mail goes admit -> send -> settle; settle applies the
 * outcome table (drain-outcomes.ts), the one place that says what an outcome writes.
 */
class DrainRun {
  readonly report = emptyReport();
  private readonly reads: DrainReads;
  /** Counts and webhook events of settled mail, written ten mails at a time. */
  private readonly tally;
  /** Batches whose sends have not all settled (their deletes wait for them). */
  private readonly pending = new Set<Promise<unknown>>();
  private readonly deadline: number;
  private readonly maxAttempts: number;
  private readonly retryBase: number;

  constructor(
    private readonly deps: DrainDeps,
    private readonly options: DrainOptions,
  ) {
    this.reads = new DrainReads(deps);
    this.tally = createSendTally(deps);
    this.deadline = deps.clock.now().getTime() + options.budgetMs;
    this.maxAttempts = options.maxAttempts ?? 5;
    this.retryBase = options.retryBaseSeconds ?? 5;
  }

  async run(): Promise<DrainReport> {
    const { deps, report } = this;
    // The next batches are received while this one is paced (receive-ahead.ts).
    const feed = receiveAhead(() => deps.queue.receive(10), 10);
    let releasedAt = -Infinity;
    while (!this.outOfTime()) {
      // Scheduled mail due by now joins the queue: at the start of the run, then every few seconds of a long one.
      if (deps.clock.now().getTime() - releasedAt >= RELEASE_EVERY_MS) {
        releasedAt = deps.clock.now().getTime();
        report.released += (await this.contained('release', () => releaseScheduled(deps))) ?? 0;
      }
      const errorsBefore = report.errors;
      const batch = (await this.contained('receive', () => feed.next())) ?? [];
      if (batch.length === 0) {
        // Sends still settling may put items back (retries): only an empty queue, asked when nothing was in
        // flight, ends the run (or a failed receive: the run ends, not emptied).
        if (this.pending.size === 0 && (feed.showedEmpty() || report.errors > errorsBefore)) {
          report.emptied = report.errors === 0;
          break;
        }
        await Promise.all(this.pending);
        continue;
      }
      report.received += batch.length;
      const deletable = await this.takeBatch(batch);
      // Deletes happen per batch once its sends settle, while the next batch is already being paced.
      // A failed delete loses nothing: the item comes back, finds its message settled and is deleted then.
      const settled: Promise<unknown> = Promise.all(deletable)
        .then(async (receipts) => {
          const done = receipts.filter((receipt): receipt is string => receipt !== null);
          if (done.length) await this.contained('delete', () => deps.queue.delete(done));
        })
        .finally(() => {
          this.pending.delete(settled);
          feed.done();
        });
      this.pending.add(settled);
    }
    // Batches received ahead and never paced are handed back, visible again at once for the next run.
    await this.handBack(await feed.rest());
    await Promise.all(this.pending);
    await this.contained('tally', () => this.tally.flush());
    return report;
  }

  /**
   * Admits the batch's mails one by one at the pace, each sent and settled while the next is admitted.
   * Answers, per mail taken, the promise of its receipt when its queue message may be deleted.
   */
  private async takeBatch(batch: ReceivedMail[]) {
    const deletable: Promise<string | null>[] = [];
    for (let i = 0; i < batch.length; i++) {
      const received = batch[i];
      const id = received.mail.message_id;
      const admission = await this.admit(received);
      if (admission.to === 'skip') continue;
      if (admission.to === 'hand back') {
        await this.handBack(batch.slice(i));
        break;
      }
      const settled =
        admission.to === 'settle'
          ? this.contained(admission.stage, () => this.settle(received, admission.outcome), id)
          : this.contained('send', async () => this.settle(received, await this.send(received, admission)), id);
      deletable.push(settled.then((done) => (done ? received.receipt : null)));
    }
    return deletable;
  }

  /** Out of time (or stopping): the mails go back, visible again at once for the next run. */
  private handBack(rest: ReceivedMail[]) {
    return Promise.all(
      rest.map((r) => this.contained('hand back', () => this.deps.queue.delay(r.receipt, 0), r.mail.message_id)),
    );
  }

  /**
   * Admit: whether the mail may be sent now. A paused account's mail waits, a deleted provider's
   * fails; the others wait for a slot of their provider's pace, unless the run is out of time first.
   */
  private async admit(received: ReceivedMail): Promise<Admission> {
    const { deps, options } = this;
    const id = received.mail.message_id;
    const lookup = await this.contained('provider', () => this.reads.providerOf(received.mail), id);
    if (!lookup) return { to: 'skip' };
    const { provider, brake } = lookup;
    // A tenant's mail waits while its tenant is paused, as all of a paused account's does (issue 42).
    const tenant = received.mail.tenant;
    const own = tenant
      ? await this.contained('tenant', () => this.reads.tenantOf(received.mail.account_id, tenant.id), id)
      : undefined;
    if (tenant && !own) return { to: 'skip' };
    if (brake?.paused || own?.tenant?.status === 'paused') {
      // Its record carries the later due time, so that the reconciler does not take it for lost.
      const seconds = options.pausedWaitSeconds ?? PAUSED_WAIT_SECONDS;
      const dueAt = new Date(deps.clock.now().getTime() + seconds * 1000);
      return { to: 'settle', stage: 'paused', outcome: { kind: 'paused', seconds, dueAt } };
    }
    if (!provider) {
      const outcome = { kind: 'failed', reason: 'The provider of this message no longer exists' } as const;
      return { to: 'settle', stage: 'fail', outcome };
    }
    if (own && !own.tenant) {
      const outcome = { kind: 'failed', reason: 'The tenant of this message no longer exists' } as const;
      return { to: 'settle', stage: 'fail', outcome };
    }
    const pacer = await this.contained('pacer', () => this.reads.pacerOf(provider), id);
    if (!pacer || options.signal?.aborted || !(await pacer.admit.slot(this.deadline))) return { to: 'hand back' };
    return { to: 'send', provider, pace: pacer.call };
  }

  /** Send: claims the mail and calls its provider; answers what became of it (nothing is settled here). */
  private async send(
    received: ReceivedMail,
    { provider, pace }: { provider: Provider; pace: Pacer },
  ): Promise<DrainOutcome> {
    const { deps, options } = this;
    const { mail } = received;
    if (mail.campaign_id && (await this.reads.campaignStopped(mail.account_id, mail.campaign_id))) {
      // Claimed first, so that only a mail still `queued` ends failed: one sent already stays sent.
      const claim = await deps.messages.claim(mail.account_id, mail.message_id, deps.clock.now());
      return claim.claimed ? { kind: 'cancelled', reason: CANCELLED } : { kind: 'duplicates' };
    }
    const now = deps.clock.now();
    const recipients = 1 + mail.cc.length + mail.bcc.length;
    const stopped = await this.reads.senderStopped(mail, provider);
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
      beforeCall: () => pace.slot(Number.POSITIVE_INFINITY),
      sent: async (receipt) => {
        await markSent(deps.messages, mail.account_id, mail.message_id, receipt, deps.clock.now());
        // Sent: its stored files are never read again (a failure to drop them is the store's expiry's to mend).
        await this.contained('attachments', () => dropStoredParts(deps.attachments, mail), mail.message_id);
      },
    });
    if (step.outcome === 'limited') {
      const seconds = secondsUntilWindowOpens(provider, now);
      return { kind: 'deferred', seconds, dueAt: new Date(now.getTime() + seconds * 1000) };
    }
    if (step.outcome === 'held') {
      const claim = step.hold;
      // Settled, or claimed moments ago by another copy of the same queue entry (a fan-out chunk run
      // twice, an SQS duplicate): that copy sends it and settles it; this one is dropped.
      if (claim.status === 'cancelled')
        await this.contained('attachments', () => dropStoredParts(deps.attachments, mail), mail.message_id);
      const inFlight =
        claim.status === 'sending' &&
        claim.claimedAt !== null &&
        now.getTime() - claim.claimedAt.getTime() < (options.inFlightMs ?? 0);
      if ((claim.status && SETTLED.has(claim.status)) || inFlight) return { kind: 'duplicates' };
      // `sending` here means an earlier run died mid-send: whether the mail left is unknown, and
      // sending again could deliver it twice, so it ends failed with that reason instead.
      const reason =
        claim.status === 'sending'
          ? 'The send was interrupted; not retried to avoid a duplicate'
          : 'The message record is missing';
      return { kind: 'failed', reason };
    }
    if (step.outcome === 'sent') return { kind: 'sent', recipients };
    if (step.error instanceof SenderStopped) return { kind: 'failed', reason: step.error.message };
    const { attempts } = step.claim;
    const mailerError =
      step.error instanceof MailerError
        ? step.error
        : new MailerError(String(step.error), 'The provider call failed', true);
    if (mailerError.transient && attempts < this.maxAttempts) {
      const seconds = Math.min(900, this.retryBase * 2 ** (attempts - 1));
      const dueAt = new Date(deps.clock.now().getTime() + seconds * 1000);
      return {
        kind: 'retried',
        reason: `Attempt ${attempts} failed: ${mailerError.reason}; retrying`,
        seconds,
        dueAt,
      };
    }
    return {
      kind: 'failed',
      reason: `${mailerError.reason} (after ${attempts} attempt${attempts === 1 ? '' : 's'})`,
    };
  }

  /**
   * Settle: writes what the outcome table says (the record, the queue message), counts it and tallies
   * it. Answers true when the mail's queue message may be deleted with its batch.
   */
  private async settle(received: ReceivedMail, outcome: DrainOutcome): Promise<boolean> {
    const { mail } = received;
    const effects = effectsOf(outcome);
    const writes = [() => this.writeRecord(received, effects.record), () => this.moveQueue(received, effects.queue)];
    for (const write of effects.queueFirst ? writes.reverse() : writes) await write();
    this.report[outcome.kind]++;
    // A failed tally write is the tally's, not this mail's: it is reported and the mail settles.
    const { tally } = effects;
    if (tally)
      await this.contained(
        'tally',
        async () => (tally === 'failed' ? this.tally.failed(mail) : this.tally.sent(mail, tally.sent)),
        mail.message_id,
      );
    return effects.queue === 'delete';
  }

  private async writeRecord({ mail }: ReceivedMail, write: RecordWrite | undefined) {
    const { messages } = this.deps;
    if (!write) return;
    if ('update' in write) await messages.update(mail.account_id, mail.message_id, write.update);
    else if ('unclaim' in write)
      await messages.unclaim(mail.account_id, mail.message_id, write.unclaim.reason, write.unclaim.dueAt);
    else await messages.postpone(mail.account_id, mail.message_id, write.postpone);
  }

  private async moveQueue(received: ReceivedMail, move: QueueMove) {
    if (move === 'delete') return; // with its batch, once the batch's sends settle
    if ('deadLetter' in move) await this.deps.queue.deadLetter(received, move.deadLetter);
    else await this.deps.queue.delay(received.receipt, move.delay);
  }

  /**
   * Runs one step of the run; a failure is reported and contained. The item it concerned stays in
   * the queue and comes back after its visibility timeout, where the claim keeps it at most once.
   */
  private async contained<T>(stage: string, step: () => Promise<T>, messageId?: string): Promise<T | undefined> {
    try {
      return await step();
    } catch (error) {
      this.report.errors++;
      this.options.onError?.({ stage, message_id: messageId, error });
      return undefined;
    }
  }

  private outOfTime() {
    return this.options.signal?.aborted === true || this.deps.clock.now().getTime() >= this.deadline;
  }
}
