import {
  TemplateTooLargeError,
  type Clock,
  type CounterStore,
  type Ids,
  type PageRequest,
  type TemplateStore,
} from '../../ports';
import type { CreateTemplateInput, UpdateTemplateInput } from './template-input';
import { AppError, notFound, validationError } from '../errors';
import { readPage } from '../paging';
import { isoTimestamp } from '../time';
import { missingVariables, readyTemplate, variableNames, type Rendered } from './engine';
import { loadTextFromHtml } from './plain-text';
import { RenderBudget, RenderTooCostlyError, RenderTooLargeError } from './render-budget';
import type { Template } from './template';
import { isContactName } from '../contacts/contact-view';

export interface TemplateDeps {
  templates: TemplateStore;
  counters: CounterStore;
  clock: Clock;
  ids: Ids;
}

export const presentTemplate = ({ account_id: _a, seq: _s, ...template }: Template) => template;

const tooLarge = () =>
  validationError([{ field: 'html', message: 'The template does not fit in storage: make it smaller' }]);

/** A store write, with the store's "does not fit" as the 400 it is. */
const stored = async <T>(write: () => Promise<T>) => {
  try {
    return await write();
  } catch (error) {
    if (error instanceof TemplateTooLargeError) throw tooLarge();
    throw error;
  }
};

export const createTemplate = async (deps: TemplateDeps, accountId: string, input: CreateTemplateInput) => {
  const now = isoTimestamp(deps.clock.now());
  const content = { subject: input.subject, html: input.html || null, text: input.text || null };
  const template: Template = {
    id: deps.ids.uuid(),
    account_id: accountId,
    name: input.name,
    ...content,
    variables: variableNames(content),
    seq: await deps.counters.add(accountId, 'template', 1),
    created_at: now,
    updated_at: now,
  };
  await stored(() => deps.templates.create(template));
  return presentTemplate(template);
};

/** A template of the account: another account's, or none, is 404. */
export const requireTemplate = async (deps: Pick<TemplateDeps, 'templates'>, accountId: string, id: string) => {
  const template = await deps.templates.get(accountId, id);
  if (!template) throw notFound('Template');
  return template;
};

export const getTemplate = async (deps: Pick<TemplateDeps, 'templates'>, accountId: string, id: string) =>
  presentTemplate(await requireTemplate(deps, accountId, id));

export const listTemplates = async (
  deps: Pick<TemplateDeps, 'templates'>,
  accountId: string,
  page: Pick<PageRequest, 'limit' | 'cursor'>,
) => {
  const result = await readPage({ ...page, offset: 0 }, (request) => deps.templates.page(accountId, request));
  return { templates: result.items.map(presentTemplate), next_cursor: result.next_cursor };
};

export const updateTemplate = async (deps: TemplateDeps, accountId: string, id: string, input: UpdateTemplateInput) => {
  const current = await requireTemplate(deps, accountId, id);
  const html = input.html === undefined ? current.html : input.html || null;
  const text = input.text === undefined ? current.text : input.text || null;
  if (!html && !text)
    throw validationError([{ field: 'html', message: 'At least one of html or text is required, and not empty' }]);
  const content = { subject: input.subject ?? current.subject, html, text };
  const updated: Template = {
    ...current,
    name: input.name ?? current.name,
    ...content,
    variables: variableNames(content),
    updated_at: isoTimestamp(deps.clock.now()),
  };
  if (!(await stored(() => deps.templates.replace(updated)))) throw notFound('Template');
  return presentTemplate(updated);
};

export const deleteTemplate = async (deps: Pick<TemplateDeps, 'templates'>, accountId: string, id: string) => {
  const template = await requireTemplate(deps, accountId, id);
  if (!(await deps.templates.delete(template))) throw notFound('Template');
};

/** A render stopped by its bounds, as the answer it is: 422 TEMPLATE_TOO_COSTLY, or the send's own 400 on size. */
const renderLimitAnswer = (error: unknown) => {
  if (error instanceof RenderTooCostlyError) {
    return new AppError('TEMPLATE_TOO_COSTLY', error.message, {
      details: [{ field: error.field, message: error.message }],
    });
  }
  if (error instanceof RenderTooLargeError)
    return validationError(
      [{ field: error.field, message: error.message }],
      'The mail the template renders is invalid',
    );
  return error;
};

/** `render`, with a render stopped by its bounds thrown as its answer (renderLimitAnswer). */
const answeringLimits = <T>(render: () => T): T => {
  try {
    return render();
  } catch (error) {
    throw renderLimitAnswer(error);
  }
};

/**
 * A template made ready for many readers: a variable the template reads outside any section that the
 * caller's variables lack (but `contact.<key>`, the recipient's contact's) is a 400 naming it (`field`
 * says where the variables came from), then each render walks the tokens under `budget` (one per
 * request: a batch shares one among its items) and the send's size limits, and stops as either is
 * crossed (422 TEMPLATE_TOO_COSTLY, 400). Mail from a template with no text gets one made from its html.
 */
export const templateRenderer = async (template: Template, field = 'variables') => {
  const {
    variables: { required: read },
    render,
    reads,
  } = readyTemplate(template);
  // `{{contact.<key>}}` comes from the recipient's contact (contact-view.ts), never from the caller.
  const required = read.filter((name) => !isContactName(name));
  // Loaded only for a template whose mail will need a text part made (plain-text.ts).
  const textFromHtml = !template.text && template.html ? await loadTextFromHtml() : undefined;
  const renderWith = (variables: Record<string, unknown>, budget = new RenderBudget()): Rendered => {
    const missing = missingVariables(required, variables);
    if (missing.length)
      throw validationError(
        missing.map((name) => ({
          field: `${field}.${name}`,
          message: `The template uses {{${name}}}, which ${field} lacks`,
        })),
        `Missing template variable: ${missing[0]}`,
      );
    const rendered = answeringLimits(() => render(variables, budget));
    return { ...rendered, text: rendered.text ?? (rendered.html && textFromHtml ? textFromHtml(rendered.html) : null) };
  };
  // Whether a send must read its recipient's contact first (template-contact.ts).
  return Object.assign(renderWith, { readsContact: reads(isContactName) });
};

/** What a preview shows: the rendered parts, each as a send with these variables would carry it. */
export const renderTemplate = async (
  deps: Pick<TemplateDeps, 'templates'>,
  accountId: string,
  id: string,
  variables: Record<string, unknown>,
) => (await templateRenderer(await requireTemplate(deps, accountId, id)))(variables);
