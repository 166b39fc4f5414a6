import { messageDeps } from '../adapters/wiring';
import { apiHandler } from '../http/api-handler';
import { refuseUnscheduled } from '../http/resend-scheduled';
import { resendEmailsUpdate } from '../routes/resend';

const deps = messageDeps();

export const handler = apiHandler(resendEmailsUpdate, async ({ auth, params }) => refuseUnscheduled(deps.messages, auth.account_id, params.id, 'rescheduled'));
