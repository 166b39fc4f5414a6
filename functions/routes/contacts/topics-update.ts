import { topicParams, topicView, updateTopicBody } from '../../schemas/topics';
import { presentTopic, updateTopic } from '../../domain/contacts/topics';
import { contacts } from './area';
import { defineRoute } from '../define-route';

export const topicsUpdate = defineRoute(
  {
    ...contacts,
    id: 'topics-update',
    method: 'PATCH',
    path: '/api/v1/topics/{id}',
    summary: "Change a topic's name, description or visibility",
    description: "`default_subscription` stays (as Resend's): it decides whom campaigns of the topic reach.",
    request: { params: topicParams, body: updateTopicBody },
    response: topicView,
    example: { name: 'Product updates', visibility: 'private' },
    uses: ['topics'],
  },
  async ({ auth, params, body }, deps) => ({
    data: presentTopic(await updateTopic(deps, auth.account_id, params.id, body)),
  }),
);

export default topicsUpdate;
