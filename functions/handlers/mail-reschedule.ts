import { rescheduleDeps } from '../adapters/wiring';
import { rescheduleMessage } from '../domain/mail/schedule';
import { apiHandler } from '../http/api-handler';
import { mailReschedule } from '../routes/mail';

const deps = rescheduleDeps();

export const handler = apiHandler(mailReschedule, async ({ auth, params, body }) => ({
  data: await rescheduleMessage(deps, auth.account_id, params.message_id, body.scheduled_at),
}));
