import { readingTenant } from '../../domain/tenants/sending-tenant';
import { messageLogPage, messageLogQuery } from '../../schemas/messages';
import { listMessages } from '../../domain/mail/message-log';
import { mail } from './area';
import { defineRoute } from '../define-route';

export const mailList = defineRoute(
  {
    ...mail,
    id: 'mail-list',
    tenantAware: true,
    method: 'GET',
    path: '/api/v1/mail',
    summary: 'List messages, newest first, by status, recipient, tag and time',
    description:
      "The message log. The filters combine (AND); cursor paging. With `tenant` (its id or name), that tenant's " +
      'mail alone; a key bound to a tenant reads its own.',
    request: { query: messageLogQuery },
    response: messageLogPage,
    uses: ['messages', 'tenants'],
  },
  async ({ auth, query }, deps) => ({
    data: await listMessages(deps.messages, auth.account_id, {
      ...query,
      tenantId: (await readingTenant(deps, auth, query.tenant))?.id,
      since: query.since === undefined ? undefined : new Date(query.since),
      until: query.until === undefined ? undefined : new Date(query.until),
      limit: query.limit ?? 20,
    }),
  }),
);

export default mailList;
