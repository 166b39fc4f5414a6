import { resendEmailRef, resendEmailUpdateBody, resendId } from '../../schemas/resend';
// The module, not the area's index: that would bundle every mail route into this function.
import mailReschedule from '../mail/mail-reschedule';
import { AppError, validationError } from '../../domain/errors';
import { messageUuid } from '../../domain/mail/message-id';
import { rescheduleMessage } from '../../domain/mail/schedule';
import { validated } from '../../http/validate';
import { rescheduleBody } from '../../schemas/messages';
import { emails } from './area';
import { defineRoute } from '../define-route';

/**
 * Resend's update is our reschedule (PATCH /api/v1/mail/{id}): the same time rules, the same id. An
 * email that is no longer scheduled is Resend's 422 validation_error, as its cancel is, with our reason.
 */

export const resendEmailsUpdate = defineRoute(
  {
    ...emails,
    id: 'resend-emails-update',
    method: 'PATCH',
    path: '/resend/emails/{id}',
    summary: 'Reschedule a scheduled email',
    description: '`PATCH /api/v1/mail/{id}` underneath; once it was released, sent or cancelled, `validation_error`.',
    request: { params: resendId, body: resendEmailUpdateBody, optionalBody: true },
    response: resendEmailRef,
    table: mailReschedule.table,
    errors: mailReschedule.errors,
    example: { scheduled_at: '2026-01-15T10:00:00.000Z' },
    uses: ['messages', 'clock'],
  },
  async ({ auth, params, body }, deps) => {
    const { scheduled_at } = validated(rescheduleBody, { scheduled_at: body.scheduled_at ?? body.scheduledAt });
    try {
      const rescheduled = await rescheduleMessage(deps, auth.account_id, params.id, scheduled_at);
      return { data: { object: 'email' as const, id: messageUuid(rescheduled.message_id) } };
    } catch (error) {
      if (error instanceof AppError && error.code === 'CONFLICT')
        throw validationError([{ field: 'id', message: error.message }], 'The email cannot be rescheduled');
      throw error;
    }
  },
);

export default resendEmailsUpdate;
