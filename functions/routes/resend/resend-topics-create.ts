import { createTopicBody } from '../../schemas/topics';
import { resendTopicRef } from '../../schemas/resend-topics';
import { createTopic } from '../../domain/contacts/topics';
import { audience } from './area';
import { defineRoute } from '../define-route';

export const resendTopicsCreate = defineRoute(
  {
    ...audience,
    id: 'resend-topics-create',
    method: 'POST',
    path: '/resend/topics',
    summary: 'Create a topic',
    description: '`default_subscription` `opt_in` or `opt_out`; `visibility` `public` or `private` (the default).',
    request: { body: createTopicBody },
    response: resendTopicRef,
    successStatus: 201,
    example: { name: 'Product news', default_subscription: 'opt_in' },
    uses: ['topics', 'clock', 'ids'],
  },
  async ({ auth, body }, deps) => {
    const topic = await createTopic(deps, auth.account_id, body);
    return { data: { object: 'topic' as const, id: topic.id } };
  },
);

export default resendTopicsCreate;
