import * as z from 'zod/mini';
import { uuidParam, someFieldToChange } from './common';

/** Topics natively and under /resend (schemas/resend-topics.ts): the same fields, the same checks. */
export const topicName = () => z.string().check(z.trim(), z.minLength(1), z.maxLength(100));
export const topicDescription = () => z.optional(z.nullable(z.string().check(z.maxLength(500))));
export const topicChoice = () => z.enum(['opt_in', 'opt_out']);
export const topicVisibility = () => z.optional(z.enum(['public', 'private']));

export const createTopicBody = z.object({
  name: topicName(),
  description: topicDescription(),
  default_subscription: topicChoice(),
  visibility: topicVisibility(),
});

export const updateTopicBody = z
  .object({
    name: z.optional(topicName()),
    description: topicDescription(),
    visibility: topicVisibility(),
    // Named, not dropped: a change of it would otherwise read "give at least one field" about another field.
    default_subscription: z.optional(
      z.never({ error: 'default_subscription is set when the topic is made and cannot change' }),
    ),
  })
  .check(someFieldToChange('name'));

export const topicParams = z.object({ id: z.string().check(z.minLength(1), z.maxLength(100)) });

export const topicView = z.object({
  id: z.string(),
  name: z.string(),
  description: z.nullable(z.string()),
  default_subscription: topicChoice(),
  visibility: z.enum(['public', 'private']),
  created_at: z.string(),
});
export const topicsList = z.object({ topics: z.array(topicView) });

/** A contact's choices: each `{id, subscription}`, at most one per topic the account has. */
export const topicChoices = () =>
  z.array(z.object({ id: uuidParam(), subscription: topicChoice() })).check(z.maxLength(100, 'At most 100 topics'));
export const contactTopicsBody = z.object({ topics: topicChoices() });

export const contactTopicView = z.object({
  id: z.string(),
  name: z.string(),
  description: z.nullable(z.string()),
  subscription: topicChoice(),
});
export const contactTopicsAnswer = z.object({ topics: z.array(contactTopicView) });
