import { cancelDeps } from '../adapters/wiring';
import { AppError, validationError } from '../domain/errors';
import { messageUuid } from '../domain/mail/message-id';
import { cancelMessage } from '../domain/mail/schedule';
import { apiHandler } from '../http/api-handler';
import { resendEmailsCancel } from '../routes/resend';

const deps = cancelDeps();

/**
 * Resend's cancel is our cancel (a scheduled or still queued email never leaves). An email that
 * already left is Resend's 422 validation_error, as Resend answers, with our reason in the message.
 */
export const handler = apiHandler(resendEmailsCancel, async ({ auth, params }) => {
  try {
    const cancelled = await cancelMessage(deps, auth.account_id, params.id);
    return { data: { object: 'email' as const, id: messageUuid(cancelled.message_id) } };
  } catch (error) {
    if (error instanceof AppError && error.code === 'CONFLICT')
      throw validationError([{ field: 'id', message: error.message }], 'The email cannot be canceled');
    throw error;
  }
});
