import { cancelledMessage, messageStatusParams } from '../../schemas/messages';
import { cancelMessage } from '../../domain/mail/schedule';
import { mail } from './area';
import { defineRoute } from '../define-route';

export const mailCancel = defineRoute(
  {
    ...mail,
    id: 'mail-cancel',
    method: 'POST',
    path: '/api/v1/mail/{message_id}/cancel',
    summary: 'Cancel a scheduled or queued message',
    description: 'The message never leaves. 409 once the drainer took it, or for campaign mail.',
    request: { params: messageStatusParams },
    response: cancelledMessage,
    table: { write: ['message'] },
    errors: ['CONFLICT'],
    uses: ['messages', 'attachmentsDelete'],
  },
  async ({ auth, params }, deps) => ({
    data: await cancelMessage(deps, auth.account_id, params.message_id),
  }),
);

export default mailCancel;
