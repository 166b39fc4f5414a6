import { messageDeps } from '../adapters/wiring';
import { apiHandler } from '../http/api-handler';
import { refuseUnscheduled } from '../http/resend-scheduled';
import { resendEmailsCancel } from '../routes/resend';

const deps = messageDeps();

export const handler = apiHandler(resendEmailsCancel, async ({ auth, params }) => refuseUnscheduled(deps.messages, auth.account_id, params.id, 'canceled'));
