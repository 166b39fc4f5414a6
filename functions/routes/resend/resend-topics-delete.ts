import { topicParams } from '../../schemas/topics';
import { resendTopicDeleted } from '../../schemas/resend-topics';
import { deleteTopic } from '../../domain/contacts/topics';
import { audience } from './area';
import { defineRoute } from '../define-route';

export const resendTopicsDelete = defineRoute(
  {
    ...audience,
    id: 'resend-topics-delete',
    method: 'DELETE',
    path: '/resend/topics/{id}',
    summary: 'Delete a topic',
    request: { params: topicParams },
    response: resendTopicDeleted,
    uses: ['topics'],
  },
  async ({ auth, params }, deps) => {
    const topic = await deleteTopic(deps, auth.account_id, params.id);
    return { data: { object: 'topic' as const, id: topic.id, deleted: true } };
  },
);

export default resendTopicsDelete;
