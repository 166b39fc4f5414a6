import { templateDeps } from '../adapters/wiring';
import { renderTemplate } from '../domain/templates/templates';
import { apiHandler } from '../http/api-handler';
import { templatesRender } from '../routes/templates';

const deps = templateDeps();

export const handler = apiHandler(templatesRender, async ({ auth, params, body }) => ({ data: await renderTemplate(deps, auth.account_id, params.id, body.variables ?? {}) }));
