import { resendApiKeyList, resendListQuery } from '../../schemas/resend';
import { listApiKeys } from '../../domain/auth/api-keys';
import { pageNextTo, requireAnchored } from '../../domain/id-paging';
import { resendPageRequest } from '../../http/resend-paging';
import { admin } from './area';
import { defineRoute } from '../define-route';

/**
 * The account's keys, newest first, paged by key ids in memory (an account's keys are read whole, as
 * GET /api-keys reads them). `last_used_at` is null: the service does not write on every
 * authenticated request to keep it.
 */

export const resendApiKeysList = defineRoute(
  {
    ...admin,
    id: 'resend-api-keys-list',
    method: 'GET',
    path: '/resend/api-keys',
    summary: "List the account's active API keys",
    description: 'Newest first, without their values, paged by key ids (`after`, `before`).',
    request: { query: resendListQuery },
    response: resendApiKeyList,
    uses: ['accounts', 'apiKeys', 'clock', 'ids'],
  },
  async ({ auth, query }, deps) => {
    const request = resendPageRequest(query);
    const page = requireAnchored(
      pageNextTo(await listApiKeys(deps, auth.account_id), request, (key) => key.id),
      request,
    );
    const data = page.items.map((key) => ({
      id: key.id,
      name: key.name,
      created_at: key.created_at,
      last_used_at: null,
    }));
    return { data: { object: 'list' as const, has_more: page.has_more, data } };
  },
);

export default resendApiKeysList;
