import { resendEmailView, resendId } from '../../schemas/resend';
import { findMessage } from '../../domain/mail/message-status-view';
import { resendEmailOf } from '../../http/resend-views';
import { emails } from './area';
import { defineRoute } from '../define-route';

export const resendEmailsGet = defineRoute(
  {
    ...emails,
    id: 'resend-emails-get',
    method: 'GET',
    path: '/resend/emails/{id}',
    summary: 'Get one email by its id',
    description:
      'The id is the uuid of our Message-ID; `html` and `text` are the body as sent (before tracking) while it is ' +
      'kept (MESSAGE_RETENTION_DAYS), else null.',
    request: { params: resendId },
    response: resendEmailView,
    uses: ['messages'],
  },
  async ({ auth, params }, deps) => {
    const { message, body } = await findMessage(deps.messages, auth.account_id, params.id);
    return { data: resendEmailOf(message, body) };
  },
);

export default resendEmailsGet;
