import { sendDeps } from '../adapters/wiring';
import { sendMail } from '../domain/mail/send-mail';
import { resolveMail } from '../http/template-mail';
import { apiHandler } from '../http/api-handler';
import { mailSend } from '../routes/mail';

const deps = sendDeps();

export const handler = apiHandler(mailSend, async ({ auth, body }) => ({ data: await sendMail(deps, auth.account_id, await resolveMail(deps, auth.account_id, body)) }));
