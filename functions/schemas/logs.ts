import * as z from 'zod/mini';
import { pageQuery } from './pagination';

/** The request log (docs/decisions/0110-request-log.md) and usage (0111), natively and as Resend's. */

export const logsQuery = z.object({
  limit: pageQuery.limit,
  cursor: pageQuery.cursor,
  /** Requests of this method only. */
  method: z.optional(z.enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE'])),
  /** Answers of this class (`2xx` ... `5xx`) or this status (`404`). */
  status: z.optional(z.string().check(z.regex(/^[1-5](xx|\d\d)$/i, 'A class such as 4xx, or a status such as 404'))),
  /** Requests whose path holds this (as typed: paths are lower case but for ids given otherwise). */
  endpoint: z.optional(z.string().check(z.minLength(1), z.maxLength(200))),
});
export const logParams = z.object({ id: z.string().check(z.minLength(1), z.maxLength(100)) });

const logSummary = {
  id: z.string(),
  created_at: z.string(),
  /** The path called, without its query string. */
  endpoint: z.string(),
  method: z.string(),
  response_status: z.int(),
  user_agent: z.nullable(z.string()),
};
const logBodies = {
  /** The JSON body as sent, its secrets "[redacted]"; cut past 64 KiB (then a string); null without one. */
  request_body: z.unknown(),
  response_body: z.unknown(),
};

export const logPage = z.object({ logs: z.array(z.object(logSummary)), next_cursor: z.nullable(z.string()) });
export const logEntry = z.object({ ...logSummary, ...logBodies });

export const resendLogList = z.object({
  object: z.literal('list'),
  has_more: z.boolean(),
  data: z.array(z.object(logSummary)),
});
export const resendLog = z.object({ object: z.literal('log'), ...logSummary, ...logBodies });

const figures = {
  sent: z.int(),
  delivered: z.int(),
  /** Hard and soft bounces. */
  bounced: z.int(),
  complained: z.int(),
};
const period = z.object({ ...figures, from: z.string(), resets_at: z.string() });
export const usageView = z.object({
  today: period,
  month: period,
  quota: z.nullable(
    z.object({ max_24_hour_send: z.number(), max_send_rate: z.number(), sent_last_24_hours: z.number() }),
  ),
});

const used = (limit: z.ZodMiniType) => z.object({ used: z.int(), limit });
const resendPeriod = (limit: z.ZodMiniType) =>
  z.object({ used: z.int(), limit, ...figures, received: z.int(), resets_at: z.string() });
export const resendUsage = z.object({
  object: z.literal('usage'),
  emails: z.object({ daily: resendPeriod(z.nullable(z.number())), monthly: resendPeriod(z.number()) }),
  contacts: used(z.number()),
  segments: used(z.nullable(z.number())),
  broadcasts: used(z.null()),
  ai_credits: z.object({ used: z.int(), limit: z.nullable(z.number()), next_increase_at: z.nullable(z.string()) }),
  automation_runs: z.object({ used: z.int(), limit: z.number(), resets_at: z.string() }),
  domains: used(z.nullable(z.number())),
  rate_limit: z.object({ limit: z.int(), duration: z.string() }),
});
