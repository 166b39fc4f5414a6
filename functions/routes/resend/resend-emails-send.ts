import { resendCreated, resendEmail } from '../../schemas/resend';
// The module, not the area's index: that would bundle every mail route into this function.
import mailSend from '../mail/mail-send';
import { messageUuid } from '../../domain/mail/message-id';
import { sendMail } from '../../domain/mail/send-mail';
import { validated } from '../../http/validate';
import { sendRequestOf } from '../../http/resend-mail';
import { resolveMail } from '../../http/template-mail';
import { resendMailRequest } from '../../schemas/mail';
import { emails } from './area';
import { SEND_ONE } from '../../capabilities';
import { defineRoute } from '../define-route';

/** Resend's send is our single send: the same checks (resendMailRequest), template rendering and use case. */

export const resendEmailsSend = defineRoute(
  {
    ...emails,
    id: 'resend-emails-send',
    tenantAware: true,
    method: 'POST',
    path: '/resend/emails',
    summary: 'Send one email, now or at a set time',
    description:
      'Now, or at `scheduled_at` (`POST /api/v1/mail/send` underneath); several `to` are one message, the others ' +
      'in Cc. A header `X-Tenant` in `headers` names the tenant the mail goes out as (not sent as a header).',
    request: { body: resendEmail },
    response: resendCreated,
    maxBodyBytes: mailSend.maxBodyBytes,
    lambda: mailSend.lambda,
    idempotent: true,
    errors: mailSend.errors,
    example: {
      from: 'Shop <orders@shop.example>',
      to: ['ada@example.com'],
      subject: 'Your order',
      html: '<p>Thank you</p>',
      tags: [{ name: 'category', value: 'order' }],
    },
    uses: SEND_ONE,
    keepsMailBody: true,
  },
  async ({ auth, body }, deps) => {
    const request = validated(resendMailRequest, sendRequestOf(body));
    const mail = await resolveMail(deps, auth.account_id, request);
    const sent = await sendMail(deps, auth.account_id, mail, 'resend', auth.tenant_id);
    return { data: { id: messageUuid(sent.message_id) } };
  },
);

export default resendEmailsSend;
