import type { TemplateStore } from '../ports';
import { contactValuesOf, contactValuesOfMany, type TemplateContactDeps } from '../domain/contacts/template-contact';
import { checkBatchItem, issuesLine, renderedContent, sendMailBody, sendMailRequest } from '../schemas/mail';
import type { SendMailInput, SendMailRequest } from '../domain/mail/mail-input';
import type { BatchItemCheck } from '../domain/mail/send-batch';
import { AppError } from '../domain/errors';
import { validated } from './validate';
import type { Rendered } from '../domain/templates/engine';
import { renderPublishedTemplate, requirePublishedTemplate, templateRenderer } from '../domain/templates/templates';
import { publishedTemplate } from '../domain/templates/versions';
import type { TemplateSender } from '../domain/templates/template';
import { isTemplateId } from '../domain/templates/template-ref';
import { MAIL_RENDER_STEPS, RENDER_STEPS, RenderBudget } from '../domain/templates/render-budget';

/**
 * The edge of the send paths (here, beside the request checks, because it reads the request's schemas;
 * the domain never does): a request that names a template becomes the mail the template renders
 * with its variables, before the send or batch use case sees it. The rendered content is what is
 * sent or queued, so editing the template afterwards never changes accepted mail (docs/promises.md).
 */

const content = (rendered: Rendered, subject: string | undefined) => ({
  // The send's own subject, when it gives one, in place of the template's.
  subject: subject ?? rendered.subject,
  html: rendered.html ?? undefined,
  text: rendered.text ?? undefined,
});

type Given = Pick<SendMailRequest, 'from_email' | 'from_name' | 'reply_to'>;

/**
 * The template's own sender where the send gives none (docs/promises.md "Templates"): its address with its
 * name (none when it has none) unless the send (or its batch) names a from_email, its reply_to unless the send
 * names one. The send path's sender rule then judges it as any sender.
 */
const senderDefaults = (template: TemplateSender, given: Given, batchFrom = false) => ({
  ...(given.from_email === undefined && !batchFrom && template.from_email
    ? {
        from_email: template.from_email,
        ...(given.from_name === undefined ? { from_name: template.from_name ?? '' } : {}),
      }
    : {}),
  ...(given.reply_to === undefined && template.reply_to ? { reply_to: template.reply_to } : {}),
});

/** One send: its own content, or its template rendered; either way checked as mail (subject, body, size). */
export const resolveMail = async (
  deps: { templates: TemplateStore } & TemplateContactDeps,
  accountId: string,
  request: SendMailRequest,
): Promise<SendMailInput> => {
  const { template_id: templateId, variables, ...mail } = request;
  if (!templateId) return validated(sendMailBody, mail);
  const template = await requirePublishedTemplate(deps, accountId, templateId);
  const render = await templateRenderer(template);
  // The recipient's contact only for a template that reads `{{contact.<key>}}`: no read otherwise.
  const contact = render.readsContact ? { contact: await contactValuesOf(deps, accountId, mail.to) } : {};
  return validated(
    sendMailBody,
    { ...mail, ...senderDefaults(template, mail), ...content(render({ ...variables, ...contact }), mail.subject) },
    undefined,
    'The mail the template renders is invalid',
  );
};

/**
 * The preview (POST /templates/{id}/render): what a send with these variables would carry, or the
 * 400 such a send would get (an empty or overlong subject, no body, a body over the cap): the preview
 * and the send never disagree. `draft: true` previews the latest parts, edits not yet published.
 */
export const previewTemplate = async (
  deps: { templates: TemplateStore },
  accountId: string,
  templateId: string,
  variables: Record<string, unknown>,
  draft = false,
): Promise<Rendered> =>
  validated(
    renderedContent,
    await renderPublishedTemplate(deps, accountId, templateId, variables, { draft }),
    undefined,
    'The mail the template renders is invalid',
  );

const templateIdOf = (raw: Record<string, unknown>) =>
  typeof raw.template_id === 'string' ? raw.template_id : undefined;

/**
 * A batch's item check with its templates: each distinct template read once, all in one BatchGetItem,
 * before any item is checked. An item whose template is unknown fails alone with NOT_FOUND, one that
 * lacks a variable alone with VALIDATION_ERROR; the others go on. The items share a render budget
 * of MAIL_RENDER_STEPS an item (at least a single send's: render-budget.ts), each at most its fair
 * part of what is left: an item that would take more fails alone with TEMPLATE_TOO_COSTLY.
 */
export const batchItemCheck = async (
  deps: { templates: TemplateStore } & TemplateContactDeps,
  accountId: string,
  items: Record<string, unknown>[],
  batch: { from_email?: string } = {},
  // Resend's batch passes resendMailRequest: a subject beside a template is its way, not ours.
  requestSchema: typeof sendMailRequest = sendMailRequest,
): Promise<BatchItemCheck> => {
  const refs = [
    ...new Set(
      items
        .map(templateIdOf)
        .filter((id) => id !== undefined && sendMailRequest.shape.template_id.safeParse(id).success),
    ),
  ] as string[];
  // Aliases named in place of ids: each read once (an alias no template has leaves its items NOT_FOUND).
  const aliasIds = new Map(
    await Promise.all(
      refs
        .filter((ref) => !isTemplateId(ref))
        .map(async (alias) => [alias, await deps.templates.idOfAlias(accountId, alias)] as const),
    ),
  );
  const idOf = (ref: string) => (isTemplateId(ref) ? ref : aliasIds.get(ref));
  const ids = refs.flatMap((ref) => idOf(ref) ?? []);
  let rendersLeft = items.filter((raw) => templateIdOf(raw) !== undefined).length;
  const budget = new RenderBudget(Math.max(RENDER_STEPS, rendersLeft * MAIL_RENDER_STEPS));
  // Each template's published version, or why it has none (the item naming it fails alone).
  type Renderer = Awaited<ReturnType<typeof templateRenderer>> & { sender: TemplateSender };
  const renderers = new Map<string, Renderer | AppError>(
    await Promise.all(
      (await deps.templates.getMany(accountId, ids)).map(async (template) => {
        try {
          const published = publishedTemplate(template);
          const render = Object.assign(await templateRenderer(published), { sender: published as TemplateSender });
          return [template.id, render] as [string, Renderer];
        } catch (error) {
          if (error instanceof AppError) return [template.id, error] as [string, AppError];
          throw error;
        }
      }),
    ),
  );
  // The contacts of the items whose template reads `{{contact.<key>}}`, all at once, before any is rendered.
  const contactReaders = items.filter((raw) => {
    const ref = templateIdOf(raw);
    const id = ref === undefined ? undefined : idOf(ref);
    const render = id === undefined ? undefined : renderers.get(id);
    return render !== undefined && !(render instanceof AppError) && render.readsContact && typeof raw.to === 'string';
  });
  const contacts = await contactValuesOfMany(
    deps,
    accountId,
    contactReaders.map((raw) => raw.to as string),
  );
  /** One item read: a plain item by one parse, a template item by its request's and its rendered mail's. */
  const readItem: BatchItemCheck = (raw) => {
    // Without template_id and variables, an item the mail schema takes is a request the request schema
    // takes too (the same fields, the same subject and body rules): one parse. Else, or when it fails,
    // the request schema speaks first, as it always did, so the item's problems read the same.
    if (raw.template_id === undefined && raw.variables === undefined) {
      const plain = checkBatchItem(raw);
      if (plain.ok) return plain;
    }
    const parsed = requestSchema.safeParse(raw);
    if (!parsed.success) return { ok: false, message: issuesLine(parsed.error.issues) };
    const { template_id: templateId, variables, ...mail } = parsed.data;
    if (!templateId) return checkBatchItem(raw);
    const id = idOf(templateId);
    const render = id === undefined ? undefined : renderers.get(id);
    if (!render) return { ok: false, code: 'NOT_FOUND', message: 'Template not found' };
    if (render instanceof AppError)
      return { ok: false, message: render.options.details?.map((d) => `${d.field}: ${d.message}`).join('; ') ?? '' };
    try {
      const contact = render.readsContact ? contacts.get(mail.to.toLowerCase()) : undefined;
      const view = { ...variables, ...(contact ? { contact } : {}) };
      const sender = senderDefaults(render.sender, mail, batch.from_email !== undefined);
      return checkBatchItem({
        ...mail,
        ...sender,
        ...content(render(view, budget.share(rendersLeft--)), mail.subject),
      });
    } catch (error) {
      if (error instanceof AppError && error.options.details) {
        const message = error.options.details.map((d) => `${d.field}: ${d.message}`).join('; ');
        return { ok: false, message, ...(error.code === 'VALIDATION_ERROR' ? {} : { code: error.code }) };
      }
      throw error;
    }
  };
  // Each item is read once per request, however often it is asked for (Resend's strict mode asks
  // before the send does): the answer the caller was given is the mail that is queued.
  const read = new WeakMap<Record<string, unknown>, ReturnType<BatchItemCheck>>();
  return (raw) => {
    const known = read.get(raw);
    if (known) return known;
    const answer = readItem(raw);
    read.set(raw, answer);
    return answer;
  };
};
