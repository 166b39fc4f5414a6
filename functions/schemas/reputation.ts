import * as z from 'zod/mini';
import { MIN_SENT_FOR_RATES, NEAR_SHARE } from '../domain/reputation/figures';
import { tenantReference } from './tenants';

export const MAX_STATS_DAYS = 90;

export const statsQuery = z.object({
  days: z.optional(
    z.coerce
      .number()
      .check(
        z.int(),
        z.gte(1),
        z.lte(MAX_STATS_DAYS),
        z.meta({ description: `UTC days up to and including today, 1..${MAX_STATS_DAYS} (default 7)` }),
      ),
  ),
  /** A tenant's id or name: its own figures and brake (issue 42); a tenant key's own when absent. */
  tenant: z.optional(tenantReference),
});

const count = (description: string) => z.int().check(z.meta({ description }));
const rate = (description: string) =>
  z.nullable(z.number()).check(
    z.meta({
      description: `${description}; null until at least ${MIN_SENT_FOR_RATES} mails were sent (a share, 0.05 = 5%)`,
    }),
  );

const figures = {
  sent: count('Mails that left, counted per recipient as SES counts them (one-time codes included)'),
  delivered: count('Messages the provider reported delivered (once per message)'),
  bounced_hard: count(
    "Hard bounces reported by the providers (manual reports through POST /bounces are the account's own and not " +
      'counted)',
  ),
  bounced_soft: count('Soft bounces reported by the providers'),
  complained: count('Complaints reported by the providers'),
  opened: count("Messages opened by a reader (the first open of each; link scanners' hits are not counted)"),
  clicked: count('Messages with a link clicked by a reader (the first click of each)'),
  failed: count('Sends that failed for good (the provider refused, or retries ran out)'),
};

const warning = z.object({
  code: z
    .enum([
      'bounce_rate_review',
      'bounce_rate_pause',
      'complaint_rate_review',
      'complaint_rate_pause',
      'sending_paused',
    ])
    .check(
      z.meta({
        description:
          'Which threshold: `*_review` where SES puts an account under review (hard bounces 5%, complaints ' +
          "0.1%), `*_pause` where SES pauses it (10%, 0.5%) and this service's brake pauses the account first; " +
          "`sending_paused` while the brake holds the account's sending",
      }),
    ),
  level: z
    .enum(['near', 'crossed'])
    .check(z.meta({ description: `\`crossed\` at or over the threshold, \`near\` from ${NEAR_SHARE * 100}% of it` })),
  window: z
    .enum(['days', 'last_24_hours'])
    .check(z.meta({ description: 'Over the requested days, or the last 24 hours (what the brake weighs)' })),
  rate: z.nullable(z.number()),
  threshold: z.nullable(z.number()),
  message: z.string(),
});

const brakeFigures = {
  sent: z.int(),
  bounced_hard: z.int(),
  complained: z.int(),
  bounce_rate: rate('bounced_hard / sent'),
  complaint_rate: rate('complained / sent'),
};

export const sendingState = z.object({
  paused: z.boolean().check(
    z.meta({
      description: "While true, the account's new sends answer 422 SENDING_PAUSED and its queued mail waits",
    }),
  ),
  paused_at: z.nullable(z.string()),
  reason: z.nullable(z.string()),
  resumed_at: z.nullable(z.string()),
});

export const statsResult = z.object({
  tenant: z
    .nullable(z.object({ id: z.string(), name: z.string() }))
    .check(z.meta({ description: "The tenant whose figures these are; null: all the account's mail" })),
  days: z.int(),
  from: z.string().check(z.meta({ description: 'First UTC day of the window (yyyy-mm-dd)' })),
  to: z.string().check(z.meta({ description: 'Last UTC day of the window: today' })),
  ...figures,
  bounce_rate: rate('bounced_hard / sent over the window'),
  complaint_rate: rate('complained / sent over the window'),
  warnings: z.array(warning),
  last_24_hours: z
    .object(brakeFigures)
    .check(z.meta({ description: 'What the brake weighs: the last 24 hours, to the hour, since the last resume' })),
  sending: sendingState,
  daily: z
    .array(z.object({ date: z.string(), ...figures }))
    .check(z.meta({ description: 'One entry per UTC day of the window, oldest first; days without mail are zeros' })),
});

export const resumeResult = sendingState;

/** Without `tenant`, the account's brake; with it, that tenant's alone (issue 42). */
export const resumeBody = z.object({ tenant: z.optional(tenantReference) });
