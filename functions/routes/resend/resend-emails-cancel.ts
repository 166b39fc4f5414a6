import { resendEmailRef, resendId } from '../../schemas/resend';
// The module, not the area's index: that would bundle every mail route into this function.
import mailCancel from '../mail/mail-cancel';
import { AppError, validationError } from '../../domain/errors';
import { messageUuid } from '../../domain/mail/message-id';
import { cancelMessage } from '../../domain/mail/schedule';
import { emails } from './area';
import { defineRoute } from '../define-route';

/**
 * Resend's cancel is our cancel (a scheduled or still queued email never leaves). An email that
 * already left is Resend's 422 validation_error, as Resend answers, with our reason in the message.
 */

export const resendEmailsCancel = defineRoute(
  {
    ...emails,
    id: 'resend-emails-cancel',
    method: 'POST',
    path: '/resend/emails/{id}/cancel',
    summary: 'Cancel a scheduled or still queued email',
    description: '`POST /api/v1/mail/{id}/cancel` underneath; once it left, `validation_error`.',
    request: { params: resendId },
    response: resendEmailRef,
    table: mailCancel.table,
    errors: mailCancel.errors,
    uses: ['messages', 'attachmentsDelete'],
  },
  async ({ auth, params }, deps) => {
    try {
      const cancelled = await cancelMessage(deps, auth.account_id, params.id);
      return { data: { object: 'email' as const, id: messageUuid(cancelled.message_id) } };
    } catch (error) {
      if (error instanceof AppError && error.code === 'CONFLICT')
        throw validationError([{ field: 'id', message: error.message }], 'The email cannot be canceled');
      throw error;
    }
  },
);

export default resendEmailsCancel;
