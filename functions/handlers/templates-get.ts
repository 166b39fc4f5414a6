import { templateDeps } from '../adapters/wiring';
import { getTemplate } from '../domain/templates/templates';
import { apiHandler } from '../http/api-handler';
import { templatesGet } from '../routes/templates';

const deps = templateDeps();

export const handler = apiHandler(templatesGet, async ({ auth, params }) => ({
  data: await getTemplate(deps, auth.account_id, params.id),
}));
