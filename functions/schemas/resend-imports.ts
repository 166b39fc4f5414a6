import * as z from 'zod/mini';
import type { ImportRecord, ImportStatus } from '../domain/types';
import { uuidParam } from './common';
import { listOf, resendListQuery } from './resend';

/** Resend's import statuses for ours. */
const STATUS = {
  queued: 'queued',
  running: 'in_progress',
  done: 'completed',
  failed: 'failed',
} as const satisfies Record<ImportStatus, string>;
const RESEND_STATUSES = ['queued', 'in_progress', 'completed', 'failed'] as const;

export const resendImportStatus = (status: ImportStatus) => STATUS[status];
/** Ours for a status Resend's `list` filters by. */
export const importStatusOf = (status: (typeof RESEND_STATUSES)[number]) =>
  (Object.keys(STATUS) as ImportStatus[]).find((ours) => STATUS[ours] === status)!;

/**
 * The form's fields besides the file, as the SDK writes them (JSON text). Only what an import into a
 * list does: the address and name columns, one segment (the list), conflicts skipped. Other fields
 * are refused by name rather than dropped.
 */
export const importFormFields = z.object({
  column_map: z.optional(
    z.object({
      email: z.optional(z.string().check(z.minLength(1), z.maxLength(200))),
      first_name: z.optional(z.string().check(z.minLength(1), z.maxLength(200))),
      last_name: z.optional(z.string().check(z.minLength(1), z.maxLength(200))),
      unsubscribed: z.optional(z.never('Not imported here: set it on the contacts after the import')),
      properties: z.optional(z.never('Not imported here: set properties on the contacts after the import')),
    }),
  ),
  on_conflict: z.optional(
    z.literal('skip', 'Only skip: a contact the account has is kept as it is (its membership is added)'),
  ),
  segments: z
    .array(z.object({ id: uuidParam() }))
    .check(z.length(1, 'Exactly one segment: the list the import adds its contacts to')),
  topics: z.optional(z.array(z.never('Not imported here: set topics on the contacts after the import'))),
});

export const resendImportsQuery = z.object({
  ...resendListQuery.shape,
  status: z.optional(z.enum(RESEND_STATUSES)),
});

export const resendImportCreated = z.object({ object: z.literal('contact_import'), id: z.string() });

export const resendImport = z.object({
  object: z.literal('contact_import'),
  id: z.string(),
  status: z.enum(RESEND_STATUSES),
  created_at: z.string(),
  completed_at: z.nullable(z.string()),
  counts: z.object({ total: z.int(), created: z.int(), updated: z.int(), skipped: z.int(), failed: z.int() }),
});
export const resendImportList = listOf(resendImport);

/**
 * An import in Resend's shape: `created` the memberships it added, `skipped` the addresses the list
 * had or that are suppressed, `failed` the rows refused; nothing is `updated` (conflicts are skipped).
 */
export const presentResendImport = (record: ImportRecord): z.infer<typeof resendImport> => ({
  object: 'contact_import',
  id: record.id,
  status: resendImportStatus(record.status),
  created_at: record.created_at,
  completed_at: record.finished_at,
  counts: {
    total: record.total,
    created: record.imported,
    updated: 0,
    skipped: record.duplicates + record.suppressed,
    failed: record.rejected,
  },
});
