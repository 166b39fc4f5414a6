import * as z from 'zod/mini';
import { isSealed, SEALED_PREFIX } from '../ports';
import { email, nonEmpty } from './common';

/** The store keeps a value in the sealed form as it is (a secret an update left alone): a client never sends one. */
const notSealed = z.refine<string>((value) => !isSealed(value), { message: `Must not start with "${SEALED_PREFIX}"` });

const limit = () => z.optional(z.nullable(z.int().check(z.gte(1), z.lte(100_000_000))));

export const providerEventsInput = z.object({
  source: z.enum(['ses', 'sendgrid', 'mailgun']),
  sns_topic_arn: z.optional(z.string().check(z.regex(/^arn:aws[a-z-]*:sns:[a-z0-9-]+:\d{12}:[A-Za-z0-9_-]{1,256}$/, 'Invalid SNS topic ARN'))),
  signing_key: z.optional(nonEmpty(4096).check(notSealed)),
});

const common = {
  name: nonEmpty(100),
  is_default: z.optional(z.boolean()),
  from_email: email(),
  from_name: z.optional(z.nullable(z.string().check(z.maxLength(100)))),
  hourly_limit: limit(),
  daily_limit: limit(),
  send_rate_per_second: z.optional(z.nullable(z.number().check(z.gt(0), z.lte(10_000)))),
  events: z.optional(z.nullable(providerEventsInput)),
};

const sesProvider = z.object({
  type: z.literal('ses'),
  ...common,
  region: z.optional(z.nullable(z.string().check(z.regex(/^[a-z]{2}(-[a-z]+)+-\d$/, 'Invalid AWS region')))),
  configuration_set: z.optional(z.nullable(nonEmpty(64))),
});

const smtpProvider = z.object({
  type: z.literal('smtp'),
  ...common,
  host: nonEmpty(253),
  port: z.int().check(z.gte(1), z.lte(65_535)),
  secure: z.optional(z.boolean()),
  username: z.optional(z.nullable(z.string().check(z.maxLength(256)))),
  password: z.optional(z.nullable(z.string().check(z.maxLength(1024), notSealed))),
});

export const createProviderBody = z.discriminatedUnion('type', [sesProvider, smtpProvider]);
export type CreateProviderInput = z.infer<typeof createProviderBody>;

/** PUT changes the fields it names; the merged record must still be a valid provider of its type. */
export const updateProviderBody = z.object({
  name: z.optional(common.name),
  is_default: common.is_default,
  from_email: z.optional(common.from_email),
  from_name: common.from_name,
  hourly_limit: common.hourly_limit,
  daily_limit: common.daily_limit,
  send_rate_per_second: common.send_rate_per_second,
  events: common.events,
  region: sesProvider.shape.region,
  configuration_set: sesProvider.shape.configuration_set,
  host: z.optional(smtpProvider.shape.host),
  port: z.optional(smtpProvider.shape.port),
  secure: smtpProvider.shape.secure,
  username: smtpProvider.shape.username,
  password: smtpProvider.shape.password,
});
export type UpdateProviderInput = z.infer<typeof updateProviderBody>;

export const providerView = z.object({
  id: z.string(),
  type: z.enum(['ses', 'smtp']),
  name: z.string(),
  is_default: z.boolean(),
  from_email: z.string(),
  from_name: z.nullable(z.string()),
  hourly_limit: z.nullable(z.int()),
  daily_limit: z.nullable(z.int()),
  send_rate_per_second: z.nullable(z.number()),
  region: z.optional(z.nullable(z.string())),
  configuration_set: z.optional(z.nullable(z.string())),
  host: z.optional(z.nullable(z.string())),
  port: z.optional(z.nullable(z.int())),
  secure: z.optional(z.nullable(z.boolean())),
  username: z.optional(z.nullable(z.string())),
  password: z.optional(z.nullable(z.literal('********'))),
  events: z.nullable(
    z.object({
      source: z.string(),
      sns_topic_arn: z.optional(z.string()),
      signing_key: z.optional(z.literal('********')),
      subscription_state: z.optional(z.string()),
      receiver_url: z.string(),
    }),
  ),
  created_at: z.string(),
  updated_at: z.string(),
});

export const providerIdParams = z.object({ id: z.string().check(z.minLength(1), z.maxLength(100)) });
