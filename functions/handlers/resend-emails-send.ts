import { sendDeps } from '../adapters/wiring';
import { messageUuid } from '../domain/mail/message-id';
import { sendMail } from '../domain/mail/send-mail';
import { validated } from '../domain/validate';
import { apiHandler } from '../http/api-handler';
import { sendRequestOf } from '../http/resend-mail';
import { resolveMail } from '../http/template-mail';
import { resendEmailsSend } from '../routes/resend';
import { sendMailRequest } from '../schemas/mail';

const deps = sendDeps();

/** Resend's send is our single send: the same checks (sendMailRequest), template rendering and use case. */
export const handler = apiHandler(resendEmailsSend, async ({ auth, body }) => {
  const request = validated(sendMailRequest, sendRequestOf(body));
  const sent = await sendMail(deps, auth.account_id, await resolveMail(deps, auth.account_id, request));
  return { data: { id: messageUuid(sent.message_id) } };
});
