import { topicParams } from '../../schemas/topics';
import { resendTopicRef, resendTopicUpdateBody } from '../../schemas/resend-topics';
import { updateTopic } from '../../domain/contacts/topics';
import { audience } from './area';
import { defineRoute } from '../define-route';

export const resendTopicsUpdate = defineRoute(
  {
    ...audience,
    id: 'resend-topics-update',
    method: 'PATCH',
    path: '/resend/topics/{id}',
    summary: "Change a topic's name, description or visibility",
    description: 'The default subscription stays, as on Resend.',
    request: { params: topicParams, body: resendTopicUpdateBody },
    response: resendTopicRef,
    example: { name: 'Product updates' },
    uses: ['topics'],
  },
  async ({ auth, params, body: { id: _id, ...changes } }, deps) => {
    const topic = await updateTopic(deps, auth.account_id, params.id, changes);
    return { data: { object: 'topic' as const, id: topic.id } };
  },
);

export default resendTopicsUpdate;
