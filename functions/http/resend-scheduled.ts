import { validationError } from '../domain/errors';
import { findMessage } from '../domain/mail/message-status-view';
import type { MessageStore } from '../ports';

/**
 * Resend's update and cancel act on a scheduled email only. The service cannot schedule a send yet
 * (a Resend send with `scheduled_at` is refused), so no email is scheduled: an unknown id is
 * `not_found`, any other Resend's 422 `validation_error`, as Resend answers for an email already sent.
 */
export const refuseUnscheduled = async (messages: MessageStore, accountId: string, id: string, action: 'rescheduled' | 'canceled'): Promise<never> => {
  await findMessage(messages, accountId, id);
  throw validationError([{ field: 'id', message: `Only a scheduled email can be ${action}, and this one is not scheduled (scheduled sends are not supported yet)` }], 'The email is not scheduled');
};
