import { validationError, type FieldIssue } from '../domain/errors';
import type { CreateTemplateInput, UpdateTemplateInput } from '../domain/templates/template-input';
import type { DeclaredVariable, Template } from '../domain/templates/template';
import { hasUnpublishedChanges } from '../domain/templates/versions';
import { resendCreateTemplateBody, resendUpdateTemplateBody } from '../schemas/template-writes';
import { templateIdentityFields } from '../schemas/templates';
import * as z from 'zod/mini';
import { parseSender } from './resend-mail';
import type { ResendTemplateFields } from '../schemas/resend-templates';
import { validated } from './validate';

/**
 * A Resend template is a stored template (docs/guides/resend.md): the same record, so one made through
 * the SDK is one natively and the other way round. The mapping:
 * - `subject` may be left out (Resend leaves it to the send): stored empty, and a send whose rendered
 *   subject is empty is refused as any mail without one;
 * - `variables` [{key, type, fallback_value}] are the declared variables: a send that omits one gets
 *   its fallback; the declared list is replaced whole by an update naming it;
 * - `alias` is the template's alias (unique in the account; `templates.get` and sends name it in place of the
 *   id); `from` ("Name <addr>" or addr) and `reply_to` (one address) are the template's own sender, which a
 *   send by the template takes when it gives none; null takes them away on an update.
 * Create and update edit the latest parts (the draft); `publish` makes them what sends use.
 */

const given = (value: unknown) => value !== undefined && value !== null;

const refusals = (fields: ResendTemplateFields): FieldIssue[] => {
  const issues: FieldIssue[] = [];
  if (Array.isArray(fields.reply_to) && fields.reply_to.length > 1)
    issues.push({ field: 'reply_to', message: 'At most one reply_to address' });
  (fields.variables ?? []).forEach((variable, index) => {
    const fallback = variable.fallback_value;
    if (given(fallback) && typeof fallback !== variable.type)
      issues.push({
        field: `variables[${index}].fallback_value`,
        message: `A ${variable.type} variable's fallback is a ${variable.type}`,
      });
    if (fields.variables?.findIndex((other) => other.key === variable.key) !== index)
      issues.push({ field: `variables[${index}].key`, message: `The variable ${variable.key} is declared twice` });
  });
  return issues;
};

const declaredOf = (fields: ResendTemplateFields): DeclaredVariable[] | undefined =>
  fields.variables === undefined
    ? undefined
    : (fields.variables ?? []).map((v) => ({ key: v.key, type: v.type, fallback_value: v.fallback_value ?? null }));

const refuseWhatIsNotTaken = (fields: ResendTemplateFields) => {
  const issues = refusals(fields);
  if (issues.length) throw validationError(issues);
};

const identitySchema = z.object(templateIdentityFields);

/** Resend's alias, from and reply_to in our words (null: none), checked by the native rules. */
const identityOf = (fields: ResendTemplateFields) => {
  const sender = fields.from ? parseSender(fields.from) : undefined;
  const replyTo = Array.isArray(fields.reply_to) ? (fields.reply_to[0] ?? null) : fields.reply_to;
  const named = {
    ...(fields.alias !== undefined ? { alias: fields.alias } : {}),
    ...(fields.from !== undefined
      ? { from_email: sender?.email ?? null, from_name: sender?.email ? (sender.name ?? null) : null }
      : {}),
    ...(replyTo !== undefined ? { reply_to: replyTo } : {}),
  };
  return validated(identitySchema, named);
};

/** Resend's create in our words, checked by the native rules. */
export const createInputOf = (fields: ResendTemplateFields): CreateTemplateInput => {
  refuseWhatIsNotTaken(fields);
  const parts = validated(resendCreateTemplateBody, {
    name: fields.name ?? undefined,
    subject: fields.subject ?? '',
    html: fields.html ?? undefined,
    text: fields.text ?? undefined,
  });
  const declared = declaredOf(fields);
  const identity = identityOf(fields);
  return { ...parts, ...identity, subject: parts.subject ?? '', ...(declared ? { declared } : {}) };
};

/** Resend's update in our words: what it names (null clears subject and text), checked by the native rules. */
export const updateInputOf = (fields: ResendTemplateFields): UpdateTemplateInput => {
  refuseWhatIsNotTaken(fields);
  const clearable = (value: string | null | undefined) => (value === null ? '' : value);
  const parts = validated(resendUpdateTemplateBody, {
    name: fields.name ?? undefined,
    subject: clearable(fields.subject),
    html: fields.html ?? undefined,
    text: clearable(fields.text),
  });
  const declared = declaredOf(fields);
  const input: UpdateTemplateInput = { ...parts, ...identityOf(fields), ...(declared ? { declared } : {}) };
  if (!Object.values(input).some((value) => value !== undefined))
    throw validationError([{ field: 'name', message: 'Give at least one field to change' }]);
  return input;
};

const listedOf = (template: Template) => ({
  id: template.id,
  name: template.name,
  status: template.status ?? ('published' as const),
  published_at: template.published_at === undefined ? template.updated_at : template.published_at,
  alias: template.alias ?? null,
  created_at: template.created_at,
  updated_at: template.updated_at,
});

export const templateListedOf = listedOf;

/**
 * `templates.get`: the latest parts. Its variables are the declared ones, then the other names the
 * parts read (as strings without a fallback).
 */
export const resendTemplateOf = (template: Template) => {
  const declared = template.declared ?? [];
  const stamps = { created_at: template.created_at, updated_at: template.updated_at };
  const undeclared = template.variables.filter((name) => !declared.some((d) => d.key === name));
  return {
    object: 'template' as const,
    ...listedOf(template),
    subject: template.subject || null,
    html: template.html ?? '',
    text: template.text,
    variables: [
      ...declared.map((d) => ({ ...d, ...stamps })),
      ...undeclared.map((key) => ({ key, type: 'string' as const, fallback_value: null, ...stamps })),
    ],
    from: template.from_email
      ? template.from_name
        ? `${template.from_name} <${template.from_email}>`
        : template.from_email
      : null,
    reply_to: template.reply_to ? [template.reply_to] : null,
    has_unpublished_versions: hasUnpublishedChanges(template),
    // Records from before versions have none: their id stands in, constant until their next edit.
    current_version_id: template.version_id ?? template.id,
  };
};
