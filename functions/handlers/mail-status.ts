import { messageDeps } from '../adapters/wiring';
import { getMessageStatus } from '../domain/mail/message-status-view';
import { apiHandler } from '../http/api-handler';
import { mailStatus } from '../routes/mail';

const deps = messageDeps();

export const handler = apiHandler(mailStatus, async ({ auth, params }) => ({
  data: await getMessageStatus(deps.messages, auth.account_id, params.message_id),
}));
