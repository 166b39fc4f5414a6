import { messageLogPage, messageLogQuery } from '../../schemas/mail';
import { listMessages } from '../../domain/mail/message-log';
import { mail } from './area';
import { defineRoute } from '../define-route';

export const mailList = defineRoute(
  {
    ...mail,
    id: 'mail-list',
    method: 'GET',
    path: '/api/v1/mail',
    summary: 'List messages, newest first, by status, recipient, tag and time',
    description: 'The message log. The filters combine (AND); cursor paging.',
    request: { query: messageLogQuery },
    response: messageLogPage,
    uses: ['messages'],
  },
  async ({ auth, query }, deps) => ({
    data: await listMessages(deps.messages, auth.account_id, {
      ...query,
      since: query.since === undefined ? undefined : new Date(query.since),
      until: query.until === undefined ? undefined : new Date(query.until),
      limit: query.limit ?? 20,
    }),
  }),
);

export default mailList;
