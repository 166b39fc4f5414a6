import { messageDeps } from '../adapters/wiring';
import { findMessage } from '../domain/mail/message-status-view';
import { apiHandler } from '../http/api-handler';
import { resendEmailOf } from '../http/resend-views';
import { resendEmailsGet } from '../routes/resend';

const deps = messageDeps();

export const handler = apiHandler(resendEmailsGet, async ({ auth, params }) => ({
  data: resendEmailOf((await findMessage(deps.messages, auth.account_id, params.id)).message),
}));
