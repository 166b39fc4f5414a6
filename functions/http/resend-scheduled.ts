import { validationError } from '../domain/errors';
import { findMessage } from '../domain/mail/message-status-view';
import type { MessageStore } from '../ports';

/**
 * Resend's update reschedules a scheduled email. The service has no reschedule (a scheduled send
 * waits in its record and queue entry under its time), and cancelling then sending again would
 * change the id: an unknown id is `not_found`, any other Resend's 422 `validation_error`.
 */
export const refuseReschedule = async (messages: MessageStore, accountId: string, id: string): Promise<never> => {
  const { message } = await findMessage(messages, accountId, id);
  const why = message.status === 'scheduled' ? 'Rescheduling is not supported: cancel the email (POST /emails/{id}/cancel) and send it again with the new scheduled_at' : 'Only a scheduled email can be rescheduled, and this one is not scheduled';
  throw validationError([{ field: 'scheduled_at', message: why }], 'The email cannot be rescheduled');
};
