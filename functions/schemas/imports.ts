import * as z from 'zod/mini';
import { IMPORT_STATUSES } from '../domain/types';
import { email } from './common';
import { metadata } from './metadata';
import type { ImportRowCheck } from '../domain/audience/imports';

/** One row of an import, checked by the rules of a single add (address, name, metadata). */
export const importRow = z.object({
  email: email(),
  name: z.nullable(z.string().check(z.maxLength(200))),
  metadata: metadata(),
  first_name: z.optional(z.string().check(z.maxLength(200))),
  last_name: z.optional(z.string().check(z.maxLength(200))),
});

/** A row checked by importRow: the row, or why it is refused (naming the field). */
export const checkImportRow: ImportRowCheck = (row) => {
  const parsed = importRow.safeParse(row);
  if (parsed.success) return { ok: true, row: parsed.data };
  const [issue] = parsed.error.issues;
  return { ok: false, reason: `${issue.path.map(String).join('.') || 'row'}: ${issue.message}` };
};
/** The header's metadata keys, checked as the keys of any metadata. */
export const importHeaderKeys = metadata();

export const importView = z.object({
  id: z.string(),
  list_id: z.string(),
  status: z.enum(IMPORT_STATUSES),
  total: z.int(),
  imported: z.int(),
  duplicates: z.int(),
  suppressed: z.int(),
  rejected: z.int(),
  /** imported + duplicates + suppressed + rejected: how far it got (of total). */
  processed: z.int(),
  rejected_rows: z.array(z.object({ row: z.int(), email: z.nullable(z.string()), reason: z.string() })),
  failure_reason: z.nullable(z.string()),
  created_at: z.string(),
  finished_at: z.nullable(z.string()),
});
