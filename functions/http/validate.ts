import type * as z from 'zod/mini';
import { validationError, type FieldIssue } from '../domain/errors';

/**
 * Every problem of a failed parse, as the `details` of a VALIDATION_ERROR (`prefix` names where the value
 * came from).
 */
const fieldIssues = (error: z.core.$ZodError, prefix?: string): FieldIssue[] =>
  error.issues.map((issue) => ({
    field: [prefix, ...issue.path.map(String)].filter(Boolean).join('.') || 'body',
    message: issue.message,
  }));

/** The value as the schema reads it, or a 400 listing what is wrong with it. */
export const validated = <S extends z.ZodMiniType>(
  schema: S,
  value: unknown,
  prefix?: string,
  message?: string,
): z.infer<S> => {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw validationError(fieldIssues(parsed.error, prefix), message);
  return parsed.data;
};
