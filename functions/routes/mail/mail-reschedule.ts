import { rescheduleBody, rescheduledMessage, messageStatusParams } from '../../schemas/messages';
import { rescheduleMessage } from '../../domain/mail/schedule';
import { mail } from './area';
import { defineRoute } from '../define-route';

export const mailReschedule = defineRoute(
  {
    ...mail,
    id: 'mail-reschedule',
    method: 'PATCH',
    path: '/api/v1/mail/{message_id}',
    summary: 'Reschedule a scheduled message',
    description:
      'The message leaves within a minute after the new `scheduled_at`, never before. 409 once it was released, ' +
      'sent or cancelled.',
    request: { params: messageStatusParams, body: rescheduleBody },
    response: rescheduledMessage,
    table: { write: ['message'] },
    errors: ['CONFLICT', 'NOT_FOUND'],
    example: { scheduled_at: '2030-01-15T10:00:00Z' },
    uses: ['messages', 'clock'],
  },
  async ({ auth, params, body }, deps) => ({
    data: await rescheduleMessage(deps, auth.account_id, params.message_id, body.scheduled_at),
  }),
);

export default mailReschedule;
