import { sendMailRequest, sendMailResult } from '../../schemas/mail';
import { sendMail } from '../../domain/mail/send-mail';
import { resolveMail } from '../../http/template-mail';
import { mail, SEND_BODY_BYTES } from './area';
import { SEND_ONE } from '../../capabilities';
import { defineRoute } from '../define-route';

export const mailSend = defineRoute(
  {
    ...mail,
    id: 'mail-send',
    tenantAware: true,
    method: 'POST',
    path: '/api/v1/mail/send',
    summary: 'Send one message, now or at a set time',
    description:
      "Sends now through the account's default provider or, with `scheduled_at`, accepts the message for later " +
      "(202, status `scheduled`). The content is the request's own, or a stored template's rendered with " +
      '`variables`.',
    request: { body: sendMailRequest },
    response: sendMailResult,
    alsoAnswers: [{ status: 202, when: 'Accepted for later: the request had `scheduled_at` (status `scheduled`)' }],
    maxBodyBytes: SEND_BODY_BYTES,
    lambda: { memoryMb: 512 },
    idempotent: true,
    errors: ['RECIPIENT_SUPPRESSED', 'FROM_NOT_ALLOWED', 'NOT_FOUND', 'TEMPLATE_TOO_COSTLY'],
    example: {
      to: 'ada@example.com',
      subject: 'Welcome aboard',
      html: '<p>Hi Ada, welcome aboard.</p>',
      text: 'Hi Ada, welcome aboard.',
      reply_to: 'support@example.com',
      tags: ['welcome'],
      metadata: { user_id: 42 },
      headers: { 'X-Entity-Ref-ID': 'user-42-welcome' },
      track_opens: true,
      track_clicks: true,
    },
    uses: SEND_ONE,
    keepsMailBody: true,
  },
  async ({ auth, body }, deps) => {
    const mail = await resolveMail(deps, auth.account_id, body);
    const sent = await sendMail(deps, auth.account_id, mail, 'api', auth.tenant_id);
    // A scheduled send is accepted, not sent: 202 (docs/promises.md).
    return { data: sent, ...(sent.status === 'scheduled' ? { status: 202 } : {}) };
  },
);

export default mailSend;
