import { messageDeps } from '../adapters/wiring';
import { listMessages } from '../domain/mail/message-log';
import { apiHandler } from '../http/api-handler';
import { mailList } from '../routes/mail';

const deps = messageDeps();

export const handler = apiHandler(mailList, async ({ auth, query }) => ({
  data: await listMessages(deps.messages, auth.account_id, {
    ...query,
    since: query.since === undefined ? undefined : new Date(query.since),
    until: query.until === undefined ? undefined : new Date(query.until),
    limit: query.limit ?? 20,
  }),
}));
