import { idParams } from '../../schemas/audience';
import { importView } from '../../schemas/imports';
import { ownLayout, startImport, type ImportHeaderCheck } from '../../domain/audience/imports';
import { AppError } from '../../domain/errors';
import { rawBody } from '../../http/raw-body';
import { checkImportRow, importHeaderKeys } from '../../schemas/imports';
import { imports, MAX_IMPORT_BYTES } from './area';
import { defineRoute } from '../define-route';

const checkHeader: ImportHeaderCheck = (keys) => {
  const parsed = importHeaderKeys.safeParse(Object.fromEntries(keys.map((key) => [key, ''])));
  return parsed.success ? undefined : parsed.error.issues[0].message;
};

export const listsImport = defineRoute(
  {
    ...imports,
    id: 'lists-import',
    method: 'POST',
    path: '/api/v1/lists/{id}/import',
    summary: 'Import subscribers from CSV',
    description:
      'Columns `email,name,key...`: extra columns become metadata keys. Up to 100,000 rows and 5 MiB. Answers 202 ' +
      'with the import, which runs in the background.',
    request: { params: idParams },
    rawBody: 'text/csv',
    maxBodyBytes: MAX_IMPORT_BYTES,
    response: importView,
    successStatus: 202,
    errors: ['NOT_FOUND', 'UNSUPPORTED_MEDIA_TYPE', 'VALIDATION_ERROR'],
    table: { read: ['list'], write: ['importRecord', 'importChunk', 'importListing'] },
    lambda: { memoryMb: 1024, timeoutSeconds: 29 },
    uses: ['imports', 'lists', 'jobs', 'clock', 'ids'],
    example:
      'email,name,plan,city\r\nada@example.com,Ada Lovelace,pro,London\r\n"grace@example.com","Hopper, ' +
      'Grace",free,\r\n',
  },
  async ({ auth, params, event }, deps) => {
    const type = event.headers?.['content-type']?.split(';')[0].trim().toLowerCase();
    if (type !== 'text/csv') throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'The request body must be text/csv');
    const csv = rawBody(event, MAX_IMPORT_BYTES).toString('utf8');
    return { data: await startImport(deps, auth.account_id, params.id, csv, checkImportRow, ownLayout(checkHeader)) };
  },
);

export default listsImport;
