import type { TemplateStore } from '../../ports';
import { requirePublishedTemplate, templateRenderer } from '../templates/templates';

/**
 * The template a send_email step sends, made ready to render: the one place an automation reads the
 * template store. The published version, as every send path sends (a never-published draft is a 400
 * that fails the step, never sent half-made).
 */
export const automationTemplate = async (deps: { templates: TemplateStore }, accountId: string, templateId: string) => {
  const template = await requirePublishedTemplate(deps, accountId, templateId);
  // Its own sender goes with it: a step that names none sends as the template (docs/promises.md "Templates").
  const sender = {
    ...(template.from_email ? { from_email: template.from_email, from_name: template.from_name ?? '' } : {}),
    ...(template.reply_to ? { reply_to: template.reply_to } : {}),
  };
  return Object.assign(await templateRenderer(template, 'template.variables'), { sender });
};
