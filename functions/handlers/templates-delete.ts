import { templateDeps } from '../adapters/wiring';
import { deleteTemplate } from '../domain/templates/templates';
import { apiHandler } from '../http/api-handler';
import { templatesDelete } from '../routes/templates';

const deps = templateDeps();

export const handler = apiHandler(templatesDelete, async ({ auth, params }) => {
  await deleteTemplate(deps, auth.account_id, params.id);
  return { message: 'Template deleted' };
});
