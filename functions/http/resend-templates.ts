import { validationError, type FieldIssue } from '../domain/errors';
import type { CreateTemplateInput, UpdateTemplateInput } from '../domain/templates/template-input';
import type { DeclaredVariable, Template } from '../domain/templates/template';
import { hasUnpublishedChanges } from '../domain/templates/versions';
import { resendCreateTemplateBody, resendUpdateTemplateBody } from '../schemas/templates';
import type { ResendTemplateFields } from '../schemas/resend-templates';
import { validated } from './validate';

/**
 * A Resend template is a stored template (docs/guides/resend.md): the same record, so one made through
 * the SDK is one natively and the other way round. The mapping:
 * - `subject` may be left out (Resend leaves it to the send): stored empty, and a send whose rendered
 *   subject is empty is refused as any mail without one;
 * - `variables` [{key, type, fallback_value}] are the declared variables: a send that omits one gets
 *   its fallback; the declared list is replaced whole by an update naming it;
 * - `alias`, `from` and `reply_to` name what a template here has no field for: refused by name.
 * Create and update edit the latest parts (the draft); `publish` makes them what sends use.
 */

const given = (value: unknown) => value !== undefined && value !== null;

const refusals = (fields: ResendTemplateFields): FieldIssue[] => {
  const issues: FieldIssue[] = [];
  if (given(fields.alias))
    issues.push({ field: 'alias', message: 'Template aliases are not supported: name a template by its id' });
  if (given(fields.from))
    issues.push({ field: 'from', message: 'A template has no sender here: give from on each send' });
  if (given(fields.reply_to))
    issues.push({ field: 'reply_to', message: 'A template has no reply_to here: give reply_to on each send' });
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
  return { ...parts, subject: parts.subject ?? '', ...(declared ? { declared } : {}) };
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
  const input: UpdateTemplateInput = { ...parts, ...(declared ? { declared } : {}) };
  if (!Object.values(input).some((value) => value !== undefined))
    throw validationError([{ field: 'name', message: 'Give at least one field to change' }]);
  return input;
};

const listedOf = (template: Template) => ({
  id: template.id,
  name: template.name,
  status: template.status ?? ('published' as const),
  published_at: template.published_at === undefined ? template.updated_at : template.published_at,
  alias: null,
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
    from: null,
    reply_to: null,
    has_unpublished_versions: hasUnpublishedChanges(template),
    // Records from before versions have none: their id stands in, constant until their next edit.
    current_version_id: template.version_id ?? template.id,
  };
};
