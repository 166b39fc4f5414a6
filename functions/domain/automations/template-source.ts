import type { TemplateStore } from '../../ports';
import { requirePublishedTemplate, templateRenderer } from '../templates/templates';

/**
 * The template a send_email step sends, made ready to render: the one place an automation reads the
 * template store. The published version, as every send path sends (a never-published draft is a 400
 * that fails the step, never sent half-made).
 */
export const automationTemplate = async (deps: { templates: TemplateStore }, accountId: string, templateId: string) =>
  templateRenderer(await requirePublishedTemplate(deps, accountId, templateId), 'template.variables');
