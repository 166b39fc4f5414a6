import { sendDeps } from '../adapters/wiring';
import { sendMail } from '../domain/mail/send-mail';
import { resolveMail } from '../http/template-mail';
import { apiHandler } from '../http/api-handler';
import { mailSend } from '../routes/mail';

const deps = sendDeps();

export const handler = apiHandler(mailSend, async ({ auth, body }) => {
  const sent = await sendMail(deps, auth.account_id, await resolveMail(deps, auth.account_id, body));
  // A scheduled send is accepted, not sent: 202 (docs/promises.md).
  return { data: sent, ...(sent.status === 'scheduled' ? { status: 202 } : {}) };
});
