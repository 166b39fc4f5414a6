import * as z from 'zod/mini';

/**
 * Resend's templates as its SDK sends and reads them (`templates.*`). A request is read loosely, in
 * Resend's names, and turned into our template input (functions/http/resend-templates.ts), which the
 * native template schemas then check: the same rules as `/api/v1/templates`, never a second set.
 */

/** At most this many declared variables a template, each fallback at most this long: bounded records. */
export const MAX_DECLARED_VARIABLES = 50;
export const MAX_FALLBACK_LENGTH = 1000;

const declaredVariable = z.object({
  key: z.string().check(z.regex(/^[A-Za-z0-9_]{1,50}$/, 'A variable key is 1 to 50 letters, digits or _')),
  type: z.enum(['string', 'number']),
  fallback_value: z.optional(
    z.nullable(z.union([z.string().check(z.maxLength(MAX_FALLBACK_LENGTH)), z.number().check(z.int())])),
  ),
});

const parts = {
  name: z.optional(z.nullable(z.string())),
  subject: z.optional(z.nullable(z.string())),
  html: z.optional(z.nullable(z.string())),
  text: z.optional(z.nullable(z.string())),
  variables: z.optional(z.nullable(z.array(declaredVariable).check(z.maxLength(MAX_DECLARED_VARIABLES)))),
  // In Resend's words; checked by the native rules once in ours (functions/http/resend-templates.ts).
  alias: z.optional(z.nullable(z.string())),
  from: z.optional(z.nullable(z.string().check(z.maxLength(400)))),
  reply_to: z.optional(z.nullable(z.union([z.string(), z.array(z.string()).check(z.maxLength(50))]))),
};
export type ResendTemplateFields = z.infer<z.ZodMiniObject<typeof parts>>;

export const resendTemplateBody = z.object(parts);

const variableView = z.object({
  key: z.string(),
  fallback_value: z.nullable(z.union([z.string(), z.number()])),
  type: z.enum(['string', 'number']),
  created_at: z.string(),
  updated_at: z.string(),
});

const listed = {
  id: z.string(),
  name: z.string(),
  status: z.enum(['draft', 'published']),
  published_at: z.nullable(z.string()),
  alias: z.nullable(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
};

/** `templates.get`: the latest parts (the draft being edited) and the version state. */
export const resendTemplate = z.object({
  object: z.literal('template'),
  ...listed,
  subject: z.nullable(z.string()),
  html: z.string(),
  text: z.nullable(z.string()),
  variables: z.array(variableView),
  from: z.nullable(z.string()),
  reply_to: z.nullable(z.array(z.string())),
  has_unpublished_versions: z.boolean(),
  current_version_id: z.string(),
});
export const resendTemplateList = z.object({
  object: z.literal('list'),
  has_more: z.boolean(),
  data: z.array(z.object(listed)),
});
export const resendTemplateRef = z.object({ object: z.literal('template'), id: z.string() });
export const resendTemplateDeleted = z.object({ object: z.literal('template'), id: z.string(), deleted: z.boolean() });
