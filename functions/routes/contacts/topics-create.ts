import { createTopicBody, topicView } from '../../schemas/topics';
import { createTopic, presentTopic } from '../../domain/contacts/topics';
import { contacts } from './area';
import { defineRoute } from '../define-route';

export const topicsCreate = defineRoute(
  {
    ...contacts,
    id: 'topics-create',
    method: 'POST',
    path: '/api/v1/topics',
    summary: 'Create a topic contacts opt in to or out of',
    description:
      'A campaign with its `topic_id` reaches only the contacts opted in: by their own choice, or by ' +
      '`default_subscription` when they made none. `visibility` (default `private`): public topics are offered on ' +
      'the preference page of unsubscribe links. At most 100 topics.',
    request: { body: createTopicBody },
    response: topicView,
    successStatus: 201,
    example: {
      name: 'Product news',
      description: 'What we ship',
      default_subscription: 'opt_in',
      visibility: 'public',
    },
    uses: ['topics', 'clock', 'ids'],
  },
  async ({ auth, body }, deps) => ({ data: presentTopic(await createTopic(deps, auth.account_id, body)) }),
);

export default topicsCreate;
