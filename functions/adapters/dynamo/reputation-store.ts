import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import {
  BRAKE_FIGURES,
  FIGURES,
  dayOf,
  type BrakeFigure,
  type Figures,
  type SendingBrake,
  type StatsDay,
} from '../../domain/reputation/figures';
import type { ReputationStore } from '../../ports';
import { describeError, log } from '../../log';
import { emitMetrics, FIGURE_METRICS } from '../metrics';
import { documentClient } from './client';
import { conditional } from './conditional';
import { stats, sendingBrake as brakes } from './entities';
import { ifAbsent, sortKey, when } from './entity/expression';
import { tenantScope } from '../../domain/tenants/tenant';

/**
 * Hourly attributes stay short (`s07`, `b07`, `c07`) so that a day item, 72 of them included, stays under 1
 * KB: one write unit.
 */
const HOURLY: Record<BrakeFigure, string> = { sent: 's', bounced_hard: 'b', complained: 'c' };
const hourly = (figure: BrakeFigure, hour: number) => `${HOURLY[figure]}${String(hour).padStart(2, '0')}`;

/** Day items are kept a little longer than the longest window (90 days), then expire. */
const KEEP_DAYS = 100;

/**
 * The single UpdateItem (`ADD`) that counts `figures` on the account's day of `at`: used alone, or as
 * one item of a transaction that records the event itself (a bounce).
 */
export const countUpdate = (accountId: string, at: Date, figures: Partial<Figures>, brake = true) => {
  const add: Record<string, number> = {};
  for (const figure of FIGURES) {
    const n = figures[figure];
    if (!n) continue;
    add[figure] = n;
    if (brake && (BRAKE_FIGURES as readonly string[]).includes(figure))
      add[hourly(figure as BrakeFigure, at.getUTCHours())] = n;
  }
  if (!Object.keys(add).length) return undefined;
  const day = dayOf(at);
  const ttl = Math.floor(Date.parse(`${day}T00:00:00Z`) / 1000) + KEEP_DAYS * 86_400;
  return stats.update(stats.key(accountId, day), { set: { ttl: ifAbsent(ttl) }, add });
};

/**
 * The updates that count `figures` of an account's mail: untenanted, the account's day; a tenant's, the
 * tenant's day (with its brake's hourly figures) and the account's totals without them (issue 42).
 */
export const countUpdates = (accountId: string, at: Date, figures: Partial<Figures>, tenantId?: string) =>
  (tenantId
    ? [countUpdate(tenantScope(accountId, tenantId), at, figures), countUpdate(accountId, at, figures, false)]
    : [countUpdate(accountId, at, figures)]
  ).filter((update) => update !== undefined);

/** The metric lines of counted figures (after the write that counted them succeeded). */
export const emitFigures = (figures: Partial<Figures>) =>
  emitMetrics(
    Object.fromEntries(
      Object.entries(figures).map(([figure, n]) => [FIGURE_METRICS[figure as keyof typeof FIGURE_METRICS], n]),
    ),
  );

const dayFrom = (item: Record<string, unknown>): StatsDay => ({
  date: item.sk as string,
  figures: Object.fromEntries(FIGURES.map((f) => [f, Number(item[f] ?? 0)])) as Figures,
  hours: Object.fromEntries(
    BRAKE_FIGURES.map((f) => [f, Array.from({ length: 24 }, (_, h) => Number(item[hourly(f, h)] ?? 0))]),
  ) as StatsDay['hours'],
});

const brakeFrom = (item: Record<string, unknown>): SendingBrake => ({
  paused: item.paused === true,
  paused_at: (item.paused_at as string | undefined) ?? null,
  reason: (item.reason as string | undefined) ?? null,
  resumed_at: (item.resumed_at as string | undefined) ?? null,
  resumed_hour: (item.resumed_hour as string | undefined) ?? null,
  baseline: (item.baseline as SendingBrake['baseline'] | undefined) ?? null,
});

/** Reads a brake item another read returned (the providers' Query, provider-store.ts). */
export const brakeOf = (item: Record<string, unknown> | undefined) => (item ? brakeFrom(item) : undefined);

export const dynamoReputationStore = (): ReputationStore => ({
  async count(accountId, at, figures, tenantId) {
    const updates = countUpdates(accountId, at, figures, tenantId);
    if (!updates.length) return;
    try {
      await Promise.all(updates.map((update) => documentClient().send(new UpdateCommand(update))));
    } catch (error) {
      // The event it counts has happened (a mail left): a lost count must not turn it into an error.
      log('error', 'reputation counter not written', { account_id: accountId, figures, ...describeError(error) });
      return;
    }
    emitFigures(figures);
  },

  async days(accountId, from, to) {
    // At most 91 small items (under 1 KB each): one page, one call.
    const { Items = [] } = await documentClient().send(
      new QueryCommand({
        ...stats.query(stats.key(accountId, from).pk, sortKey.between(from, to)),
        ConsistentRead: true,
      }),
    );
    return Items.map(dayFrom);
  },

  async brake(accountId) {
    const { Item } = await documentClient().send(
      new GetCommand(brakes.get(brakes.key(accountId), { consistent: true })),
    );
    return brakeOf(Item);
  },

  async pause(accountId, at, reason) {
    const { ok } = await conditional(() =>
      documentClient().send(
        new UpdateCommand(
          brakes.update(
            brakes.key(accountId),
            { set: { paused: true, paused_at: at, reason, entity: brakes.name } },
            { when: when.or(when.absent('paused'), when.eq('paused', false)) },
          ),
        ),
      ),
    );
    if (ok) {
      log('warn', 'sending paused by the reputation brake', { account_id: accountId, reason });
      emitMetrics({ SendingPaused: 1 });
    }
    return ok;
  },

  async resume(accountId, at, hour, baseline) {
    const { Attributes = {} } = await documentClient().send(
      new UpdateCommand(
        brakes.update(
          brakes.key(accountId),
          { set: { paused: false, resumed_at: at, resumed_hour: hour, baseline, entity: brakes.name } },
          { returnValues: 'ALL_NEW' },
        ),
      ),
    );
    log('info', 'sending resumed', { account_id: accountId });
    return brakeFrom(Attributes);
  },
});
