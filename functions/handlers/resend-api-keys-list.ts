import { adminDeps } from '../adapters/wiring';
import { listApiKeys } from '../domain/auth/api-keys';
import { pageNextTo, requireAnchored } from '../domain/id-paging';
import { apiHandler } from '../http/api-handler';
import { resendPageRequest } from '../http/resend-paging';
import { resendApiKeysList } from '../routes/resend';

const deps = adminDeps();

/**
 * The account's keys, newest first, paged by key ids in memory (an account's keys are read whole, as
 * GET /api-keys reads them). `last_used_at` is null: the service does not write on every
 * authenticated request to keep it.
 */
export const handler = apiHandler(resendApiKeysList, async ({ auth, query }) => {
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
});
