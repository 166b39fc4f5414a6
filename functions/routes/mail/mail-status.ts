import { messageStatusParams, messageStatusResult } from '../../schemas/messages';
import { getMessageStatus } from '../../domain/mail/message-status-view';
import { mail } from './area';
import { defineRoute } from '../define-route';

export const mailStatus = defineRoute(
  {
    ...mail,
    id: 'mail-status',
    tenantAware: true,
    method: 'GET',
    path: '/api/v1/mail/status/{message_id}',
    summary: "Get a message's status and tracking events",
    description: 'The id is URL-encoded, with or without angle brackets, or its uuid alone.',
    request: { params: messageStatusParams },
    response: messageStatusResult,
    uses: ['messages'],
  },
  async ({ auth, params }, deps) => ({
    data: await getMessageStatus(deps.messages, auth.account_id, params.message_id, auth.tenant_id),
  }),
);

export default mailStatus;
