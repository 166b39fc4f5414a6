import { deletedMessage } from '../../schemas/common';
import { topicParams } from '../../schemas/topics';
import { deleteTopic } from '../../domain/contacts/topics';
import { contacts } from './area';
import { defineRoute } from '../define-route';

export const topicsDelete = defineRoute(
  {
    ...contacts,
    id: 'topics-delete',
    method: 'DELETE',
    path: '/api/v1/topics/{id}',
    summary: 'Delete a topic',
    description: 'A campaign of it that is sending or scheduled stops there (failed, naming the topic).',
    request: { params: topicParams },
    response: deletedMessage,
    uses: ['topics'],
  },
  async ({ auth, params }, deps) => {
    await deleteTopic(deps, auth.account_id, params.id);
    return { message: 'Topic deleted' };
  },
);

export default topicsDelete;
