import * as z from 'zod/mini';
import { someFieldToChange } from './common';
import { topicChoice, topicDescription, topicName, topicVisibility } from './topics';

/** Resend's topics as its SDK sends and reads them (`topics.*`, `contacts.topics.*`): ours, in its answers. */
export const resendTopicUpdateBody = z
  .object({
    // The SDK sends the id in the body as well as in the path: the path's is the one read.
    id: z.optional(z.string()),
    name: z.optional(topicName()),
    description: topicDescription(),
    visibility: topicVisibility(),
  })
  .check(someFieldToChange('name', { ignore: ['id'] }));

const topicFields = {
  id: z.string(),
  name: z.string(),
  description: z.nullable(z.string()),
  default_subscription: topicChoice(),
  visibility: z.enum(['public', 'private']),
  created_at: z.string(),
};
export const resendTopic = z.object({ object: z.literal('topic'), ...topicFields });
export const resendTopicList = z.object({
  object: z.literal('list'),
  has_more: z.boolean(),
  data: z.array(z.object(topicFields)),
});
export const resendTopicRef = z.object({ object: z.literal('topic'), id: z.string() });
export const resendTopicDeleted = z.object({ object: z.literal('topic'), id: z.string(), deleted: z.boolean() });

/** `contacts.topics.list`: every topic with the contact's subscription; `update` sends the choices as an array. */
export const resendContactTopicList = z.object({
  object: z.literal('list'),
  has_more: z.boolean(),
  data: z.array(
    z.object({ id: z.string(), name: z.string(), description: z.nullable(z.string()), subscription: topicChoice() }),
  ),
});
export const resendContactTopicsUpdated = z.object({ id: z.string() });
