import { cancelDeps } from '../adapters/wiring';
import { cancelMessage } from '../domain/mail/schedule';
import { apiHandler } from '../http/api-handler';
import { mailCancel } from '../routes/mail';

const deps = cancelDeps();

export const handler = apiHandler(mailCancel, async ({ auth, params }) => ({
  data: await cancelMessage(deps, auth.account_id, params.message_id),
}));
