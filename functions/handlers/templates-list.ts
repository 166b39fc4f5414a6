import { templateDeps } from '../adapters/wiring';
import { listTemplates } from '../domain/templates/templates';
import { apiHandler } from '../http/api-handler';
import { templatesList } from '../routes/templates';
import { pageOf } from '../schemas/pagination';

const deps = templateDeps();

export const handler = apiHandler(templatesList, async ({ auth, query }) => ({
  data: await listTemplates(deps, auth.account_id, pageOf(query)),
}));
