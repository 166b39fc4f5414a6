import { topicsList } from '../../schemas/topics';
import { allTopics, presentTopic } from '../../domain/contacts/topics';
import { contacts } from './area';
import { defineRoute } from '../define-route';

export const topicsListRoute = defineRoute(
  {
    ...contacts,
    id: 'topics-list',
    method: 'GET',
    path: '/api/v1/topics',
    summary: "List the account's topics, newest first",
    description: 'All of them in one answer: an account has at most 100.',
    response: topicsList,
    uses: ['topics'],
  },
  async ({ auth }, deps) => ({ data: { topics: (await allTopics(deps, auth.account_id)).map(presentTopic) } }),
);

export default topicsListRoute;
