import { isIP } from 'node:net';
import * as z from 'zod/mini';
import { isSealed, SEALED_PREFIX } from '../ports';
import { EVENT_SOURCES, PROVIDER_TYPES, SECRET_MASK } from '../domain/types';
import type { CreateProviderInput, UpdateProviderInput } from '../domain/providers/provider-input';
import { email, headerText, nonEmpty, parsesTo } from './common';
import { secret } from './secret';

/** A domain name with at least one dot (no wildcards, no addresses), compared lower-case. */
const domainName = () =>
  z
    .string()
    .check(
      z.trim(),
      z.toLowerCase(),
      z.maxLength(253),
      z.regex(/^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9-]{2,63}$/, 'Invalid domain name'),
    );

/**
 * docs/promises.md FROM_NOT_ALLOWED: the domains a send's from_email may use besides that of the provider's from_email.
 */
const MAX_ALLOWED_FROM_DOMAINS = 20;

/**
 * What nodemailer connects to: a host name whose last label starts with a letter, or an IPv4/IPv6
 * address. Numeric forms a resolver would read as an address ("127.1", "2130706433") are neither.
 */
const isHost = (host: string) =>
  isIP(host) !== 0 || /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z](?:[a-z0-9-]{0,61}[a-z0-9])?\.?$/i.test(host);
const smtpHost = () =>
  z
    .string()
    .check(z.trim(), z.minLength(1), z.maxLength(253), z.refine(isHost, 'Invalid host: a host name or an IP address'));

/** The store keeps a value in the sealed form as it is (a secret an update left alone): a client never sends one. */
const notSealed = z.refine<string>((value) => !isSealed(value), { message: `Must not start with "${SEALED_PREFIX}"` });

const limit = () => z.optional(z.nullable(z.int().check(z.gte(1), z.lte(100_000_000))));

export const providerEventsInput = z.object({
  source: z.enum(EVENT_SOURCES),
  sns_topic_arn: z.optional(
    z.string().check(z.regex(/^arn:aws[a-z-]*:sns:[a-z0-9-]+:\d{12}:[A-Za-z0-9_-]{1,256}$/, 'Invalid SNS topic ARN')),
  ),
  signing_key: z.optional(secret(nonEmpty(4096).check(notSealed))),
});

const common = {
  name: nonEmpty(100),
  is_default: z.optional(z.boolean()),
  from_email: email(),
  from_name: z.optional(z.nullable(headerText(0, 100))),
  allowed_from_domains: z.optional(z.nullable(z.array(domainName()).check(z.maxLength(MAX_ALLOWED_FROM_DOMAINS)))),
  hourly_limit: limit(),
  daily_limit: limit(),
  send_rate_per_second: z.optional(z.nullable(z.number().check(z.gt(0), z.lte(10_000)))),
  events: z.optional(z.nullable(providerEventsInput)),
};

const sesProvider = z.object({
  type: z.literal('ses'),
  ...common,
  region: z.optional(z.nullable(z.string().check(z.regex(/^[a-z]{2}(-[a-z]+)+-\d$/, 'Invalid AWS region')))),
  // SES's own rule for the name; SES would refuse every send naming anything else.
  configuration_set: z.optional(
    z.nullable(
      z
        .string()
        .check(z.regex(/^[A-Za-z0-9_-]{1,64}$/, 'A configuration set name is 1 to 64 letters, digits, - and _')),
    ),
  ),
});

const smtpProvider = z.object({
  type: z.literal('smtp'),
  ...common,
  host: smtpHost(),
  port: z.int().check(z.gte(1), z.lte(65_535)),
  /**
   * true: implicit TLS; false: STARTTLS, required unless the relay is on this machine; null/absent: by the port (465:
   * implicit).
   */
  secure: z.optional(z.nullable(z.boolean())),
  username: z.optional(z.nullable(z.string().check(z.maxLength(256)))),
  password: z.optional(z.nullable(secret(z.string().check(z.maxLength(1024), notSealed)))),
});

export const createProviderBody = parsesTo<CreateProviderInput>()(
  z.discriminatedUnion('type', [sesProvider, smtpProvider]),
);

/** PUT changes the fields it names; the merged record must still be a valid provider of its type. */
export const updateProviderBody = parsesTo<UpdateProviderInput>()(
  z.object({
    name: z.optional(common.name),
    is_default: common.is_default,
    from_email: z.optional(common.from_email),
    from_name: common.from_name,
    allowed_from_domains: common.allowed_from_domains,
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
  }),
);

export const providerView = z.object({
  id: z.string(),
  type: z.enum(PROVIDER_TYPES),
  name: z.string(),
  is_default: z.boolean(),
  from_email: z.string(),
  from_name: z.nullable(z.string()),
  allowed_from_domains: z.array(z.string()),
  hourly_limit: z.nullable(z.int()),
  daily_limit: z.nullable(z.int()),
  send_rate_per_second: z.nullable(z.number()),
  region: z.optional(z.nullable(z.string())),
  configuration_set: z.optional(z.nullable(z.string())),
  host: z.optional(z.nullable(z.string())),
  port: z.optional(z.nullable(z.int())),
  secure: z.optional(z.nullable(z.boolean())),
  username: z.optional(z.nullable(z.string())),
  password: z.optional(z.nullable(secret(z.literal(SECRET_MASK)))),
  events: z.nullable(
    z.object({
      source: z.enum(EVENT_SOURCES),
      sns_topic_arn: z.optional(z.string()),
      signing_key: z.optional(secret(z.literal(SECRET_MASK))),
      subscription_state: z.optional(z.string()),
      receiver_url: z.string(),
    }),
  ),
  created_at: z.string(),
  updated_at: z.string(),
});

export const providerIdParams = z.object({ id: z.string().check(z.minLength(1), z.maxLength(100)) });
