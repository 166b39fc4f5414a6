import { templateDeps } from '../adapters/wiring';
import { previewTemplate } from '../http/template-mail';
import { apiHandler } from '../http/api-handler';
import { templatesRender } from '../routes/templates';

const deps = templateDeps();

export const handler = apiHandler(templatesRender, async ({ auth, params, body }) => ({
  data: await previewTemplate(deps, auth.account_id, params.id, body.variables ?? {}),
}));
