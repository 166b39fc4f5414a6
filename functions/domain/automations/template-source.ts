import type { TemplateStore } from '../../ports';
import { requireTemplate, templateRenderer } from '../templates/templates';

/**
 * The template a send_email step sends, made ready to render: the one place an automation reads the
 * template store. Today the stored template as it is; when templates gain versions, "the published
 * version" is this one line.
 */
export const automationTemplate = async (deps: { templates: TemplateStore }, accountId: string, templateId: string) =>
  templateRenderer(await requireTemplate(deps, accountId, templateId), 'template.variables');
