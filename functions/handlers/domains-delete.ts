import { domainDeps } from '../adapters/wiring';
import { deleteDomain } from '../domain/domains/domains';
import { apiHandler } from '../http/api-handler';
import { domainsDelete } from '../routes/domains';

const deps = domainDeps();

export const handler = apiHandler(domainsDelete, async ({ auth, params }) => {
  await deleteDomain(deps, auth.account_id, params.id);
  return { message: 'Domain deleted' };
});
