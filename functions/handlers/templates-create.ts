import { templateDeps } from '../adapters/wiring';
import { createTemplate } from '../domain/templates/templates';
import { apiHandler } from '../http/api-handler';
import { templatesCreate } from '../routes/templates';

const deps = templateDeps();

export const handler = apiHandler(templatesCreate, async ({ auth, body }) => ({
  data: await createTemplate(deps, auth.account_id, body),
}));
