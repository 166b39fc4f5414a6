import { templateDeps } from '../adapters/wiring';
import { updateTemplate } from '../domain/templates/templates';
import { apiHandler } from '../http/api-handler';
import { templatesUpdate } from '../routes/templates';

const deps = templateDeps();

export const handler = apiHandler(templatesUpdate, async ({ auth, params, body }) => ({
  data: await updateTemplate(deps, auth.account_id, params.id, body),
}));
