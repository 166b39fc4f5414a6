import { rescheduleDeps } from '../adapters/wiring';
import { AppError, validationError } from '../domain/errors';
import { messageUuid } from '../domain/mail/message-id';
import { rescheduleMessage } from '../domain/mail/schedule';
import { validated } from '../domain/validate';
import { apiHandler } from '../http/api-handler';
import { resendEmailsUpdate } from '../routes/resend';
import { rescheduleBody } from '../schemas/mail';

const deps = rescheduleDeps();

/**
 * Resend's update is our reschedule (PATCH /api/v1/mail/{id}): the same time rules, the same id. An
 * email that is no longer scheduled is Resend's 422 validation_error, as its cancel is, with our reason.
 */
export const handler = apiHandler(resendEmailsUpdate, async ({ auth, params, body }) => {
  const { scheduled_at } = validated(rescheduleBody, { scheduled_at: body.scheduled_at ?? body.scheduledAt });
  try {
    const rescheduled = await rescheduleMessage(deps, auth.account_id, params.id, scheduled_at);
    return { data: { object: 'email' as const, id: messageUuid(rescheduled.message_id) } };
  } catch (error) {
    if (error instanceof AppError && error.code === 'CONFLICT')
      throw validationError([{ field: 'id', message: error.message }], 'The email cannot be rescheduled');
    throw error;
  }
});
