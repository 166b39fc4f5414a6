import { batchDeps } from '../adapters/wiring';
import { sendBatch } from '../domain/mail/send-batch';
import { apiHandler } from '../http/api-handler';
import { mailSendBatch } from '../routes/mail';
import { checkBatchItem } from '../schemas/mail';

const deps = batchDeps();

export const handler = apiHandler(mailSendBatch, async ({ auth, body }) => ({ data: await sendBatch(deps, auth.account_id, body, checkBatchItem) }));
