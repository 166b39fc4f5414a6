import { importDeps } from '../adapters/wiring';
import { startImport, type ImportHeaderCheck, type ImportRowCheck } from '../domain/audience/imports';
import { AppError } from '../domain/errors';
import { apiHandler } from '../http/api-handler';
import { rawBody } from '../http/raw-body';
import { listsImport, MAX_IMPORT_BYTES } from '../routes/imports';
import { importHeaderKeys, importRow } from '../schemas/imports';

const deps = importDeps();

const checkRow: ImportRowCheck = (row) => {
  const parsed = importRow.safeParse(row);
  if (parsed.success) return { ok: true, row: parsed.data };
  const [issue] = parsed.error.issues;
  return { ok: false, reason: `${issue.path.map(String).join('.') || 'row'}: ${issue.message}` };
};

const checkHeader: ImportHeaderCheck = (keys) => {
  const parsed = importHeaderKeys.safeParse(Object.fromEntries(keys.map((key) => [key, ''])));
  return parsed.success ? undefined : parsed.error.issues[0].message;
};

export const handler = apiHandler(listsImport, async ({ auth, params, event }) => {
  const type = event.headers?.['content-type']?.split(';')[0].trim().toLowerCase();
  if (type !== 'text/csv') throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'The request body must be text/csv');
  const csv = rawBody(event, MAX_IMPORT_BYTES).toString('utf8');
  return { data: await startImport(deps, auth.account_id, params.id, csv, checkRow, checkHeader) };
});
