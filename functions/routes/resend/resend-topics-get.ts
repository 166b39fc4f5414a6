import { topicParams } from '../../schemas/topics';
import { resendTopic } from '../../schemas/resend-topics';
import { getTopic, presentTopic } from '../../domain/contacts/topics';
import { audience } from './area';
import { defineRoute } from '../define-route';

export const resendTopicsGet = defineRoute(
  {
    ...audience,
    id: 'resend-topics-get',
    method: 'GET',
    path: '/resend/topics/{id}',
    summary: 'Get one topic',
    request: { params: topicParams },
    response: resendTopic,
    uses: ['topics'],
  },
  async ({ auth, params }, deps) => ({
    data: { object: 'topic' as const, ...presentTopic(await getTopic(deps, auth.account_id, params.id)) },
  }),
);

export default resendTopicsGet;
