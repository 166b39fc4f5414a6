import { domainDeps } from '../adapters/wiring';
import { deleteDomain } from '../domain/domains/domains';
import { apiHandler } from '../http/api-handler';
import { resendDomainsDelete } from '../routes/resend';

const deps = domainDeps();

export const handler = apiHandler(resendDomainsDelete, async ({ auth, params }) => {
  await deleteDomain(deps, auth.account_id, params.id);
  return { data: { object: 'domain' as const, id: params.id, deleted: true } };
});
