import {
  TemplateAliasTakenError,
  TemplateTooLargeError,
  type Clock,
  type CounterStore,
  type Ids,
  type PageRequest,
  type ProviderStore,
  type TemplateStore,
} from '../../ports';
import { requireAllowedSender } from '../providers/default-provider';
import { isTemplateId, TEMPLATE_ALIAS } from './template-ref';
import type { CreateTemplateInput, UpdateTemplateInput, WriteOptions } from './template-input';
import { AppError, notFound, validationError } from '../errors';
import { readPage } from '../paging';
import { isoTimestamp } from '../time';
import { editWithRetry, nextUpdatedAt } from '../edit-retry';
import { missingVariables, readyTemplate, variableNames, type Rendered } from './engine';
import { loadTextFromHtml } from './plain-text';
import { RenderBudget, RenderTooCostlyError, RenderTooLargeError } from './render-budget';
import type { Template, TemplateSender, TemplateVersion } from './template';
import { isContactName } from '../contacts/contact-view';
import { fallbackValues, hasUnpublishedChanges, latestVersion, publishedTemplate } from './versions';

export interface TemplateDeps {
  templates: TemplateStore;
  counters: CounterStore;
  clock: Clock;
  ids: Ids;
  /** The sender rule for a template's own `from_email` (a write naming one reads the account's domains). */
  providers?: ProviderStore;
}

/**
 * The native view: the latest parts, and the version state (`published` holds the published version
 * while the latest has edits not yet published). Records from before versions read as published.
 */
export const presentTemplate = (template: Template) => {
  const { account_id: _a, seq: _s, declared: _d, published, status, published_at, version_id: _v, ...rest } = template;
  return {
    ...rest,
    alias: template.alias ?? null,
    ...senderOf(template),
    status: status ?? ('published' as const),
    published_at: published_at === undefined ? template.updated_at : published_at,
    has_unpublished_versions: hasUnpublishedChanges(template),
    published: published ? presentVersion(published) : null,
  };
};

const presentVersion = ({ declared: _d, from_email: _f, from_name: _n, reply_to: _r, ...version }: TemplateVersion) =>
  version;

/** A version's own sender, each field null when it has none. */
export const senderOf = (version: TemplateSender) => ({
  from_email: version.from_email ?? null,
  from_name: version.from_email ? (version.from_name ?? null) : null,
  reply_to: version.reply_to ?? null,
});

/** The sender fields a write names, without the empty ones (null or absent: none). */
const senderFields = (sender: TemplateSender): TemplateSender => {
  // A name is the address's: one given without an address (none given, none kept) would be dropped unseen.
  if (sender.from_name && !sender.from_email)
    throw validationError([{ field: 'from_name', message: 'from_name needs a from_email to name' }]);
  return {
    ...(sender.from_email ? { from_email: sender.from_email, from_name: sender.from_name ?? null } : {}),
    ...(sender.reply_to ? { reply_to: sender.reply_to } : {}),
  };
};

/**
 * The sender rule (the account's verified domains, a domain no other account holds) for a template's own
 * `from_email`, when it is saved: a send by the template would be refused the same way. Checked again at
 * each send, as every sender is.
 */
const requireTemplateSender = async (
  deps: Pick<TemplateDeps, 'providers'>,
  accountId: string,
  fromEmail?: string | null,
) => {
  if (!fromEmail) return;
  if (!deps.providers) throw new Error('A template write naming from_email needs the providers');
  await requireAllowedSender(deps.providers, accountId, fromEmail);
};

const aliasTaken = () =>
  new AppError('CONFLICT', 'Another template of the account has this alias', {
    details: [{ field: 'alias', message: 'Another template of the account has this alias' }],
  });

/** What a write leaves, published or not: a publish makes the latest parts the published ones. */
const versioned = (template: Template, options: WriteOptions, now: string): Template =>
  options.publish ? { ...template, status: 'published', published_at: now, published: null } : template;

const tooLarge = () =>
  validationError([{ field: 'html', message: 'The template does not fit in storage: make it smaller' }]);

/** A store write, with the store's "does not fit" as the 400 it is. */
const stored = async <T>(write: () => Promise<T>) => {
  try {
    return await write();
  } catch (error) {
    if (error instanceof TemplateTooLargeError) throw tooLarge();
    if (error instanceof TemplateAliasTakenError) throw aliasTaken();
    throw error;
  }
};

/** Stores a new template: published at once natively, a draft through Resend's create. */
export const createTemplate = async (
  deps: TemplateDeps,
  accountId: string,
  input: CreateTemplateInput,
  options: WriteOptions & { senderChecked?: boolean } = { publish: true },
) => {
  if (!options.senderChecked) await requireTemplateSender(deps, accountId, input.from_email);
  const now = isoTimestamp(deps.clock.now());
  const content = { subject: input.subject, html: input.html || null, text: input.text || null };
  const draft: Template = {
    id: deps.ids.uuid(),
    account_id: accountId,
    name: input.name,
    ...(input.alias ? { alias: input.alias } : {}),
    ...content,
    ...senderFields(input),
    variables: variableNames(content),
    ...(input.declared?.length ? { declared: input.declared } : {}),
    status: 'draft',
    published_at: null,
    version_id: deps.ids.uuid(),
    seq: await deps.counters.add(accountId, 'template', 1),
    created_at: now,
    updated_at: now,
  };
  const template = versioned(draft, { publish: options.publish }, now);
  await stored(() => deps.templates.create(template));
  return presentTemplate(template);
};

/** A template of the account by its id or its alias (template-ref.ts): another account's, or none, is 404. */
export const requireTemplate = async (deps: Pick<TemplateDeps, 'templates'>, accountId: string, ref: string) => {
  // What is neither an id nor an alias names nothing: no read.
  const id = isTemplateId(ref)
    ? ref
    : TEMPLATE_ALIAS.test(ref)
      ? await deps.templates.idOfAlias(accountId, ref)
      : undefined;
  const template = id === undefined ? undefined : await deps.templates.get(accountId, id);
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

/**
 * An edit of the latest parts. Natively it publishes them (what sends use changes at once, as before
 * versions); through Resend's update it edits the draft, the published version kept aside until `publish`.
 */
export const updateTemplate = (
  deps: TemplateDeps,
  accountId: string,
  id: string,
  input: UpdateTemplateInput,
  options: WriteOptions = { publish: true },
) =>
  editTemplate(deps, accountId, id, async (current, now) => {
    const html = input.html === undefined ? current.html : input.html || null;
    const text = input.text === undefined ? current.text : input.text || null;
    if (!html && !text)
      throw validationError([{ field: 'html', message: 'At least one of html or text is required, and not empty' }]);
    const content = { subject: input.subject ?? current.subject, html, text };
    const declared = input.declared ?? current.declared;
    // The sender an edit names replaces the current one (null takes it away); the name goes with the address.
    const senderChange =
      input.from_email !== undefined || input.from_name !== undefined || input.reply_to !== undefined;
    const sender = senderFields({
      from_email: input.from_email === undefined ? current.from_email : input.from_email,
      // An address taken away takes its name with it, unless the edit names one (then refused: no address).
      from_name:
        input.from_name === undefined ? (input.from_email === null ? null : current.from_name) : input.from_name,
      reply_to: input.reply_to === undefined ? current.reply_to : input.reply_to,
    });
    if (input.from_email) await requireTemplateSender(deps, accountId, input.from_email);
    const partsChange =
      input.subject !== undefined ||
      input.html !== undefined ||
      input.text !== undefined ||
      input.declared !== undefined ||
      senderChange;
    const { declared: _d, from_email: _f, from_name: _n, reply_to: _r, alias: _a, ...unchanged } = current;
    const alias = input.alias === undefined ? current.alias : input.alias;
    const edited: Template = {
      ...unchanged,
      name: input.name ?? current.name,
      ...(alias ? { alias } : {}),
      ...content,
      ...sender,
      variables: variableNames(content),
      ...(declared?.length ? { declared } : {}),
      ...(partsChange ? { version_id: deps.ids.uuid() } : {}),
      // The published version set aside the first time an unpublished edit changes the parts.
      published: current.published ?? (current.status !== 'draft' && partsChange ? latestVersion(current) : null),
      updated_at: now,
    };
    return versioned(edited, options, now);
  });

/** Makes the latest parts the version sends use (Resend's `publish`). */
export const publishTemplate = (deps: TemplateDeps, accountId: string, id: string) =>
  editTemplate(deps, accountId, id, async (current, now) =>
    versioned({ ...current, updated_at: now }, { publish: true }, now),
  );

/**
 * Reads the template, makes `edit` of it and writes it only over the record read (the store's condition on
 * `updated_at`), so that two edits at once never lose one: the later is made again over the earlier's result
 * (edit-retry.ts). Gone meanwhile: 404; still contended: 409.
 */
const editTemplate = async (
  deps: TemplateDeps,
  accountId: string,
  ref: string,
  edit: (current: Template, now: string) => Promise<Template>,
) => {
  let id = ref;
  return editWithRetry(
    'The template',
    async () => {
      const current = await requireTemplate(deps, accountId, id);
      id = current.id;
      return current;
    },
    async (current) => {
      const updated = await edit(current, nextUpdatedAt(deps.clock.now(), current.updated_at));
      return (await stored(() => deps.templates.replace(updated, current))) && presentTemplate(updated);
    },
  );
};

/** Names stay within the 200 characters a template's name may have, never cutting a surrogate pair. */
const copyName = (name: string) => `${name.slice(0, 200 - ' (copy)'.length).replace(/[\uD800-\uDBFF]$/, '')} (copy)`;

/** A new draft holding the template's latest parts (Resend's `duplicate`): nothing sends it until published. */
export const duplicateTemplate = async (deps: TemplateDeps, accountId: string, id: string) => {
  const source = await requireTemplate(deps, accountId, id);
  const { subject, html, text, declared, ...sender } = latestVersion(source);
  // The copy keeps the sender (checked again at its sends), not the alias: an alias names one template.
  return createTemplate(
    deps,
    accountId,
    {
      name: copyName(source.name),
      subject,
      html: html ?? undefined,
      text: text ?? undefined,
      declared,
      ...senderFields(sender),
    },
    { publish: false, senderChecked: true },
  );
};

export const deleteTemplate = async (deps: Pick<TemplateDeps, 'templates'>, accountId: string, id: string) => {
  const template = await requireTemplate(deps, accountId, id);
  if (!(await deps.templates.delete(template))) throw notFound('Template');
  // Its id: the caller may have named it by its alias.
  return template.id;
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
  const fallbacks = fallbackValues(template);
  const {
    variables: { required: read },
    render,
    reads,
  } = readyTemplate(template);
  // `{{contact.<key>}}` comes from the recipient's contact (contact-view.ts), never from the caller.
  const required = read.filter((name) => !isContactName(name));
  // Loaded only for a template whose mail will need a text part made (plain-text.ts).
  const textFromHtml = !template.text && template.html ? await loadTextFromHtml() : undefined;
  const renderWith = (given: Record<string, unknown>, budget = new RenderBudget()): Rendered => {
    const variables = { ...fallbacks, ...given };
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

/**
 * The template's published version, as every send path renders it (400 when it was never published).
 * `getMany` callers (a batch) apply publishedTemplate to each template they read instead.
 */
export const requirePublishedTemplate = async (deps: Pick<TemplateDeps, 'templates'>, accountId: string, id: string) =>
  publishedTemplate(await requireTemplate(deps, accountId, id));

/**
 * Renders template `id`'s published version with `variables` (its declared fallbacks fill what they
 * lack): what a send by template carries. The one call for any new send path (an automation's
 * send_email step); `draft: true` renders the latest parts instead (a preview of unpublished edits).
 */
export const renderPublishedTemplate = async (
  deps: Pick<TemplateDeps, 'templates'>,
  accountId: string,
  id: string,
  variables: Record<string, unknown>,
  options: { draft?: boolean; budget?: RenderBudget } = {},
) => {
  const template = await requireTemplate(deps, accountId, id);
  return (await templateRenderer(options.draft ? template : publishedTemplate(template)))(variables, options.budget);
};
