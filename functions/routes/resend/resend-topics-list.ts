import { resendListQuery } from '../../schemas/resend';
import { resendTopicList } from '../../schemas/resend-topics';
import { listTopicsNextTo, presentTopic } from '../../domain/contacts/topics';
import { resendPageRequest } from '../../http/resend-paging';
import { audience } from './area';
import { defineRoute } from '../define-route';

export const resendTopicsList = defineRoute(
  {
    ...audience,
    id: 'resend-topics-list',
    method: 'GET',
    path: '/resend/topics',
    summary: "List the account's topics, newest first",
    description: 'Paged by topic ids (`after`, `before`; `limit` up to 100).',
    request: { query: resendListQuery },
    response: resendTopicList,
    uses: ['topics'],
  },
  async ({ auth, query }, deps) => {
    const page = await listTopicsNextTo(deps, auth.account_id, resendPageRequest(query));
    return { data: { object: 'list' as const, has_more: page.has_more, data: page.items.map(presentTopic) } };
  },
);

export default resendTopicsList;
