import { batchDeps } from '../adapters/wiring';
import { sendBatch } from '../domain/mail/send-batch';
import { batchItemCheck } from '../http/template-mail';
import { apiHandler } from '../http/api-handler';
import { mailSendBatch } from '../routes/mail';

const deps = batchDeps();

export const handler = apiHandler(mailSendBatch, async ({ auth, body }) => ({
  data: await sendBatch(deps, auth.account_id, body, await batchItemCheck(deps, auth.account_id, body.messages)),
}));
