import { messageDeps } from '../adapters/wiring';
import { cancelMessage } from '../domain/mail/schedule';
import { apiHandler } from '../http/api-handler';
import { mailCancel } from '../routes/mail';

const deps = messageDeps();

export const handler = apiHandler(mailCancel, async ({ auth, params }) => ({ data: await cancelMessage(deps.messages, auth.account_id, params.message_id) }));
