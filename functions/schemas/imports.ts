import * as z from 'zod/mini';
import { IMPORT_STATUSES } from '../domain/types';
import { email } from './common';
import { metadata } from './metadata';

/** One row of an import, checked by the rules of a single add (address, name, metadata). */
export const importRow = z.object({
  email: email(),
  name: z.nullable(z.string().check(z.maxLength(200))),
  metadata: metadata(),
});
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
