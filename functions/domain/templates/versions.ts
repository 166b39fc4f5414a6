import { validationError } from '../errors';
import type { Template, TemplateVersion } from './template';

/**
 * Draft and published versions (docs/decisions/0106-template-draft-and-published-versions.md): every
 * send path (a send or batch item by template, a campaign, an automation's send_email step) renders the
 * published version; an edit that does not publish changes only the latest one.
 */

/** Whether the template's latest parts hold edits its published version lacks. */
export const hasUnpublishedChanges = (template: Template) => template.status === 'draft' || Boolean(template.published);

/** The latest version's fields alone (what a publish copies, what a draft edit starts from). */
export const latestVersion = (template: Template): TemplateVersion => ({
  subject: template.subject,
  html: template.html,
  text: template.text,
  variables: template.variables,
  ...(template.declared ? { declared: template.declared } : {}),
  ...(template.from_email ? { from_email: template.from_email, from_name: template.from_name ?? null } : {}),
  ...(template.reply_to ? { reply_to: template.reply_to } : {}),
});

/**
 * The template as its published version renders: the latest parts, or the published ones while edits
 * wait. One never published is a 400 naming `field`: nothing of it may be sent yet.
 */
export const publishedTemplate = (template: Template, field = 'template_id'): Template => {
  if (template.status === 'draft')
    throw validationError(
      [{ field, message: 'The template has never been published: publish it before sending with it' }],
      'Template not published',
    );
  if (!template.published) return template;
  const { declared: _d, from_email: _f, from_name: _n, reply_to: _r, ...rest } = template;
  return { ...rest, ...template.published };
};

/** The values of the declared variables that have a fallback: what a send that omits them gets. */
export const fallbackValues = (template: Pick<TemplateVersion, 'declared'>): Record<string, string | number> =>
  Object.fromEntries(
    (template.declared ?? []).flatMap((d) => (d.fallback_value === null ? [] : [[d.key, d.fallback_value]])),
  );
