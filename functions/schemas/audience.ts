import * as z from 'zod/mini';
import { BOUNCE_TYPES, SUBSCRIBER_STATUSES } from '../domain/types';
import type { CreateSubscriberInput, UpdateSubscriberInput } from '../domain/audience/subscriber-input';
import { email, nonEmpty, parsesTo, uuidParam } from './common';
import { metadata } from './metadata';
import { pageFields, pageQuery } from './pagination';

export const idParams = z.object({ id: z.string().check(z.minLength(1), z.maxLength(100)) });

const CONFIRM_URL = '{{confirm_url}}';
/** A list's wording of its confirmation mail: the link must be in it, or nobody could confirm. */
export const confirmationWording = z
  .object({
    subject: nonEmpty(998),
    text: z.string().check(z.minLength(1), z.maxLength(100_000)),
    html: z.optional(z.nullable(z.string().check(z.minLength(1), z.maxLength(500_000)))),
  })
  .check(
    z.refine((wording) => wording.text.includes(CONFIRM_URL), {
      message: `The text must contain ${CONFIRM_URL}`,
      path: ['text'],
    }),
    z.refine((wording) => wording.html == null || wording.html.includes(CONFIRM_URL), {
      message: `The html must contain ${CONFIRM_URL}`,
      path: ['html'],
    }),
  );
const listSettings = {
  double_opt_in: z.optional(z.boolean()),
  confirmation: z.optional(z.nullable(confirmationWording)),
};
export const createListBody = z.object({
  name: nonEmpty(200),
  description: z.optional(z.nullable(z.string().check(z.maxLength(1000)))),
  ...listSettings,
});
export const updateListBody = z
  .object({
    name: z.optional(nonEmpty(200)),
    description: z.optional(z.nullable(z.string().check(z.maxLength(1000)))),
    ...listSettings,
  })
  .check(
    z.refine((body) => Object.values(body).some((v) => v !== undefined), {
      message: 'Give name, description, double_opt_in or confirmation',
      path: ['name'],
    }),
  );
export const listView = z.object({
  id: z.string(),
  name: z.string(),
  description: z.nullable(z.string()),
  subscriber_count: z.int(),
  double_opt_in: z.boolean(),
  confirmation: z.nullable(z.object({ subject: z.string(), text: z.string(), html: z.nullable(z.string()) })),
  created_at: z.string(),
  updated_at: z.string(),
});
export const listsQuery = z.object(pageQuery);
export const listsPage = z.object({ lists: z.array(listView), ...pageFields });

export const createSubscriberBody = parsesTo<CreateSubscriberInput>()(
  z.object({
    email: email(),
    list_id: uuidParam(),
    name: z.optional(z.nullable(z.string().check(z.maxLength(200)))),
    status: z.optional(z.enum(SUBSCRIBER_STATUSES)),
    metadata: z.optional(metadata()),
  }),
);

export const updateSubscriberBody = parsesTo<UpdateSubscriberInput>()(
  z
    .object({
      name: z.optional(z.nullable(z.string().check(z.maxLength(200)))),
      status: z.optional(z.enum(SUBSCRIBER_STATUSES)),
      metadata: z.optional(metadata()),
    })
    .check(
      z.refine((body) => Object.values(body).some((v) => v !== undefined), {
        message: 'Give at least one of name, status, metadata',
        path: ['name'],
      }),
    ),
);

export const subscribersQuery = z.object({
  list_id: z.optional(uuidParam()),
  status: z.optional(z.enum(SUBSCRIBER_STATUSES)),
  ...pageQuery,
});

const subscriberFields = {
  id: z.string(),
  email: z.string(),
  name: z.nullable(z.string()),
  status: z.enum(SUBSCRIBER_STATUSES),
};
export const subscriberCreated = z.object({
  ...subscriberFields,
  confirmed_at: z.optional(z.nullable(z.string())),
  created_at: z.string(),
});
export const subscriberView = z.object({
  ...subscriberFields,
  list_id: z.string(),
  metadata: metadata(),
  confirmed_at: z.optional(z.nullable(z.string())),
  created_at: z.string(),
  updated_at: z.string(),
});
export const subscriberUpdated = z.object({ ...subscriberFields, updated_at: z.string() });
export const subscribersPage = z.object({
  subscribers: z.array(
    z.object({
      ...subscriberFields,
      list_id: z.string(),
      metadata: metadata(),
      confirmed_at: z.optional(z.nullable(z.string())),
      created_at: z.string(),
    }),
  ),
  ...pageFields,
});

export const createBounceBody = z.object({
  email: email(),
  bounce_type: z.enum(BOUNCE_TYPES),
  bounce_subtype: z.optional(z.string().check(z.maxLength(100))),
  diagnostic_code: z.optional(z.string().check(z.maxLength(2000))),
});
export const bouncesQuery = z.object(pageQuery);
export const bounceCreated = z.object({ bounce_id: z.int() });
export const bouncesPage = z.object({
  bounces: z.array(
    z.object({
      id: z.int(),
      email: z.string(),
      bounce_type: z.enum(BOUNCE_TYPES),
      bounce_subtype: z.string(),
      source: z.string(),
      campaign_name: z.string(),
      subscriber_name: z.string(),
      created_at: z.string(),
    }),
  ),
  ...pageFields,
});
