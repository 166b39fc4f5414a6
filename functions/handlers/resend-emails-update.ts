import { messageDeps } from '../adapters/wiring';
import { apiHandler } from '../http/api-handler';
import { refuseReschedule } from '../http/resend-scheduled';
import { resendEmailsUpdate } from '../routes/resend';

const deps = messageDeps();

export const handler = apiHandler(resendEmailsUpdate, async ({ auth, params }) => refuseReschedule(deps.messages, auth.account_id, params.id));
