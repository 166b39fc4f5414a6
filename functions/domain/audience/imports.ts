import type {
  Clock,
  ContactStore,
  CounterStore,
  Ids,
  ImportStore,
  AutomationStore,
  Job,
  JobQueue,
  ListStore,
  SuppressionStore,
} from '../../ports';
import { ensureContacts } from '../contacts/contacts';
import { contactsCreated } from '../automations/service-events';
import { AppError, notFound, validationError } from '../errors';
import { sha256Hex } from '../hash';
import { isoTimestamp } from '../time';
import type { ImportRecord, ImportRow, Metadata, RejectedRow, Subscriber } from '../types';
import { csvRecords, unguardedCell } from './csv';

/** docs/promises.md ("Imports"): up to 100,000 data rows a file. */
export const MAX_IMPORT_ROWS = 100_000;
/** The first rejected rows kept with their reasons. */
const KEPT_REJECTIONS = 100;
/**
 * Rows per job: its conditional writes take a few seconds; its stored chunk stays well under DynamoDB's 400
 * KB item.
 */
export const IMPORT_CHUNK_ROWS = 1000;
const CHUNK_BYTES = 300_000;

/** Checks one row (address, name, metadata): the row, or why it is refused. Given by the caller (the API's schemas). */
export type ImportRowCheck = (row: ReadRow) => { ok: true; row: ImportRow } | { ok: false; reason: string };

/** A row as its columns give it, before its check. */
export interface ReadRow {
  email: string;
  name: string | null;
  metadata: Record<string, string>;
  first_name?: string;
  last_name?: string;
}

/**
 * How a file's columns make rows, from its header: the service's own layout (`email,name,key...`,
 * ownLayout) or the columns Resend's `column_map` names (resendLayout). Throws a 400 naming the
 * header's fault.
 */
export type ImportLayout = (header: string[]) => (fields: string[]) => ReadRow;
/** Checks the header's metadata keys once (the same rules as any metadata's keys). */
export type ImportHeaderCheck = (keys: string[]) => string | undefined;

export interface ImportDeps {
  imports: ImportStore;
  lists: ListStore;
  jobs: JobQueue;
  clock: Clock;
  ids: Ids;
}

const headerError = (message: string) => validationError([{ field: 'body', message }]);

/**
 * Reads the CSV: a header `email[,name[,key...]]` (extra columns are metadata keys), then the rows.
 * A bad row is refused alone (kept with its reason); an address twice in the file counts as a
 * duplicate from its second time. Answers the valid rows in chunks for the jobs.
 */
export const ownLayout =
  (checkHeader: ImportHeaderCheck): ImportLayout =>
  (header) => {
    if (header[0]?.toLowerCase() !== 'email') throw headerError('The first column of the header must be email');
    if (header.length > 1 && header[1].toLowerCase() !== 'name')
      throw headerError('The second column of the header must be name (further columns are metadata keys)');
    const metadataKeys = header.slice(2);
    if (new Set(metadataKeys).size !== metadataKeys.length)
      throw headerError('A metadata column is named twice in the header');
    const keyProblem = checkHeader(metadataKeys);
    if (keyProblem) throw headerError(`Header: ${keyProblem}`);
    return ([email = '', name = '', ...values]) => ({
      email: email.trim(),
      name: name.trim() || null,
      metadata: Object.fromEntries(metadataKeys.flatMap((key, i) => (values[i] ? [[key, values[i]]] : []))),
    });
  };

/**
 * Resend's columns: the address from the column `columns.email` names (default `email`), the names
 * from `first_name` and `last_name` (the membership's name is both), any other column left alone.
 */
export const resendLayout =
  (columns: { email?: string; first_name?: string; last_name?: string }): ImportLayout =>
  (header) => {
    const at = (name: string) => header.findIndex((column) => column.toLowerCase() === name.toLowerCase());
    const email = at(columns.email ?? 'email');
    if (email === -1) throw headerError(`The header has no column ${columns.email ?? 'email'} (the address)`);
    const named = (given: string | undefined, fallback: string) => {
      const index = at(given ?? fallback);
      if (index === -1 && given !== undefined) throw headerError(`The header has no column ${given}`);
      return index;
    };
    const first = named(columns.first_name, 'first_name');
    const last = named(columns.last_name, 'last_name');
    return (fields) => {
      const firstName = first === -1 ? '' : (fields[first] ?? '').trim();
      const lastName = last === -1 ? '' : (fields[last] ?? '').trim();
      return {
        email: (fields[email] ?? '').trim(),
        name: [firstName, lastName].filter(Boolean).join(' ') || null,
        metadata: {},
        ...(firstName ? { first_name: firstName } : {}),
        ...(lastName ? { last_name: lastName } : {}),
      };
    };
  };

/**
 * Reads the CSV: a header (by default `email[,name[,key...]]`, extra columns metadata keys; the
 * layout says), then the rows. A bad row is refused alone (kept with its reason); an address twice in
 * the file counts as a duplicate from its second time. Answers the valid rows in chunks for the jobs.
 */
export const readImport = (csv: string, checkRow: ImportRowCheck, layout: ImportLayout) => {
  const records = csvRecords(csv.charCodeAt(0) === 0xfeff ? csv.slice(1) : csv);
  const first = records.next();
  if (first.done) throw headerError('The CSV is empty: give a header line (email,name,...) and rows');
  const header = first.value.fields.map((name) => name.trim());
  const rowOf = layout(header);

  let total = 0;
  let duplicates = 0;
  let rejected = 0;
  const rejectedRows: RejectedRow[] = [];
  const seen = new Set<string>();
  const chunks: ImportRow[][] = [[]];
  let chunkBytes = 0;
  const reject = (row: number, email: string | null, reason: string) => {
    rejected++;
    if (rejectedRows.length < KEPT_REJECTIONS) rejectedRows.push({ row, email: email?.slice(0, 254) ?? null, reason });
  };
  for (const record of records) {
    total++;
    if (total > MAX_IMPORT_ROWS)
      throw new AppError(
        'PAYLOAD_TOO_LARGE',
        `An import takes at most ${MAX_IMPORT_ROWS.toLocaleString('en')} rows; split the file`,
      );
    const fields = record.fields.map(unguardedCell);
    const read = rowOf(fields);
    if (record.unclosed) reject(total, null, 'A quoted field is not closed');
    else if (record.fields.length > header.length)
      reject(total, read.email, `The row has ${record.fields.length} fields; the header names ${header.length}`);
    else {
      const checked = checkRow(read);
      if (!checked.ok) reject(total, read.email, checked.reason);
      else if (seen.has(checked.row.email.toLowerCase())) duplicates++;
      else {
        seen.add(checked.row.email.toLowerCase());
        const size = JSON.stringify(checked.row).length;
        if (chunks[chunks.length - 1].length >= IMPORT_CHUNK_ROWS || chunkBytes + size > CHUNK_BYTES) {
          chunks.push([]);
          chunkBytes = 0;
        }
        chunks[chunks.length - 1].push(checked.row);
        chunkBytes += size;
      }
    }
  }
  return { total, duplicates, rejected, rejectedRows, chunks: chunks[0].length ? chunks : [] };
};

export const presentImport = (record: ImportRecord) => ({
  id: record.id,
  list_id: record.list_id,
  status: record.status,
  total: record.total,
  imported: record.imported,
  duplicates: record.duplicates,
  suppressed: record.suppressed,
  rejected: record.rejected,
  processed: record.imported + record.duplicates + record.suppressed + record.rejected,
  rejected_rows: record.rejected_rows,
  failure_reason: record.failure_reason,
  created_at: record.created_at,
  finished_at: record.finished_at,
});

/**
 * POST /lists/{id}/import: reads and checks the file, stores its valid rows in chunks beside the
 * import's record and queues the first chunk. Rejected rows and the file's own duplicates are
 * counted at once; the rest as the jobs run.
 */
export const startImport = async (
  deps: ImportDeps,
  accountId: string,
  listId: string,
  csv: string,
  checkRow: ImportRowCheck,
  layout: ImportLayout,
) => {
  if (!(await deps.lists.get(accountId, listId))) throw notFound('List');
  const read = readImport(csv, checkRow, layout);
  const now = isoTimestamp(deps.clock.now());
  const done = read.chunks.length === 0;
  const record: ImportRecord = {
    id: deps.ids.uuid(),
    account_id: accountId,
    list_id: listId,
    status: done ? 'done' : 'queued',
    total: read.total,
    imported: 0,
    duplicates: read.duplicates,
    suppressed: 0,
    rejected: read.rejected,
    rejected_rows: read.rejectedRows,
    chunks: read.chunks.length,
    next_chunk: 0,
    failure_reason: null,
    created_at: now,
    updated_at: now,
    finished_at: done ? now : null,
  };
  await deps.imports.create(record, read.chunks);
  if (!done) await deps.jobs.enqueue({ kind: 'import', account_id: accountId, import_id: record.id, chunk: 0 });
  return presentImport(record);
};

export const getImport = async (deps: Pick<ImportDeps, 'imports'>, accountId: string, importId: string) => {
  const record = await deps.imports.get(accountId, importId);
  if (!record) throw notFound('Import');
  return presentImport(record);
};

export interface ImportChunkDeps {
  imports: ImportStore;
  automations: AutomationStore;
  contacts: ContactStore;
  ids: Ids;
  lists: ListStore;
  suppressions: SuppressionStore;
  counters: CounterStore;
  jobs: JobQueue;
  clock: Clock;
}

/** The same subscriber id every time a chunk's row runs: a chunk run again recognises its own claims. */
const rowSubscriberId = (importId: string, chunk: number, index: number) => {
  const hex = sha256Hex(`import:${importId}:${chunk}:${index}`);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
};

/**
 * One chunk of an import: its rows less the suppressed addresses; each address claimed in the list
 * (an address the list has is a duplicate); the records of the claimed ones written; then the counts,
 * once, in the transaction that moves the import to its next chunk, which is queued as a job of its
 * own. A chunk may run twice: its claims recognise its own subscriber ids, its records are written
 * again unchanged but for their seq, and it counts only while the import still names it.
 * Imported subscribers are `subscribed` and, in a double opt-in list, need no confirmation: the
 * account imports consent it collected itself (docs/decisions/0046-double-opt-in.md).
 */
export const runImportChunk = async (deps: ImportChunkDeps, job: Extract<Job, { kind: 'import' }>) => {
  const record = await deps.imports.get(job.account_id, job.import_id);
  if (!record || record.status === 'done' || record.status === 'failed' || record.next_chunk !== job.chunk)
    return { outcome: 'stopped' as const };
  const now = isoTimestamp(deps.clock.now());
  const list = await deps.lists.get(record.account_id, record.list_id);
  const rows = list ? await deps.imports.chunk(record.account_id, record.id, job.chunk) : undefined;
  if (!list || !rows) {
    await deps.imports.fail(
      record.account_id,
      record.id,
      list ? 'The rows of this import are gone' : 'The list was deleted',
      now,
    );
    return { outcome: 'failed' as const };
  }
  const suppressed = await deps.suppressions.findSuppressed(
    record.account_id,
    rows.map((row) => row.email),
  );
  const candidates = rows
    .map((row, index) => ({ row, index }))
    .filter(({ row }) => !suppressed.has(row.email.toLowerCase()));
  // Every membership is a contact's: each new person becomes one, and each membership names its contact.
  const { ids: contactIds, made } = candidates.length
    ? await ensureContacts(
        deps,
        record.account_id,
        candidates.map(({ row }) => ({ email: row.email, first_name: row.first_name, last_name: row.last_name })),
      )
    : { ids: new Map<string, string>(), made: [] };
  const lastSeq = candidates.length ? await deps.counters.add(record.account_id, 'subscriber', candidates.length) : 0;
  const subscribers: Subscriber[] = candidates.map(({ row, index }, i) => ({
    id: rowSubscriberId(record.id, job.chunk, index),
    account_id: record.account_id,
    list_id: record.list_id,
    email: row.email,
    name: row.name,
    status: 'subscribed',
    metadata: row.metadata as Metadata,
    ...(contactIds.has(row.email.toLowerCase()) ? { contact_id: contactIds.get(row.email.toLowerCase()) } : {}),
    created_at: now,
    updated_at: now,
    seq: lastSeq - candidates.length + 1 + i,
  }));
  const claimed = await deps.imports.claimAddresses(subscribers);
  await deps.imports.writeSubscribers(claimed);
  // The people this chunk made start their `contact.created` automations (a chunk run again made none: at most once).
  await contactsCreated(deps, made);
  const done = job.chunk + 1 >= record.chunks;
  const counts = {
    imported: claimed.length,
    duplicates: subscribers.length - claimed.length,
    suppressed: rows.length - candidates.length,
  };
  const counted = await deps.imports.countChunk(record, claimed, counts, done, now);
  if (counted === 'no-list') {
    await deps.imports.fail(record.account_id, record.id, 'The list was deleted', now);
    return { outcome: 'failed' as const };
  }
  if (counted === 'counted' && !done) await deps.jobs.enqueue({ ...job, chunk: job.chunk + 1 });
  return { outcome: 'chunk' as const, imported: claimed.length, done };
};
