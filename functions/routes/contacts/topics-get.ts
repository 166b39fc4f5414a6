import { topicParams, topicView } from '../../schemas/topics';
import { getTopic, presentTopic } from '../../domain/contacts/topics';
import { contacts } from './area';
import { defineRoute } from '../define-route';

export const topicsGet = defineRoute(
  {
    ...contacts,
    id: 'topics-get',
    method: 'GET',
    path: '/api/v1/topics/{id}',
    summary: 'Get one topic',
    request: { params: topicParams },
    response: topicView,
    uses: ['topics'],
  },
  async ({ auth, params }, deps) => ({ data: presentTopic(await getTopic(deps, auth.account_id, params.id)) }),
);

export default topicsGet;
