import { resendImportCreated } from '../../schemas/resend-imports';
import { resendLayout, startImport } from '../../domain/audience/imports';
import { checkImportRow } from '../../schemas/imports';
import { importForm } from '../../http/import-form';
import { MAX_IMPORT_BYTES } from '../imports/area';
import { resendAudience } from './area';
import { defineRoute } from '../define-route';

export const resendContactImportsCreate = defineRoute(
  {
    ...resendAudience,
    id: 'resend-contact-imports-create',
    method: 'POST',
    path: '/resend/contacts/imports',
    summary: 'Import contacts from CSV into a segment',
    description:
      'multipart/form-data as the SDK sends it: `file` (CSV, up to 100,000 rows and 5 MiB), `segments` (exactly ' +
      'one: the list), `column_map` (`email`, `first_name`, `last_name`: the columns to read; defaults are those ' +
      'names), `on_conflict` `skip` (the default; a contact the account has is kept as it is). New addresses ' +
      'become contacts with their names; each address becomes a member of the segment. `unsubscribed`, ' +
      '`properties` and `topics` are refused by name. Runs in the background: read it with `get`.',
    rawBody: 'multipart/form-data',
    maxBodyBytes: MAX_IMPORT_BYTES,
    response: resendImportCreated,
    successStatus: 201,
    errors: ['NOT_FOUND', 'UNSUPPORTED_MEDIA_TYPE', 'VALIDATION_ERROR'],
    table: { read: ['list'], write: ['importRecord', 'importChunk', 'importListing'] },
    lambda: { memoryMb: 1024, timeoutSeconds: 29 },
    uses: ['imports', 'lists', 'jobs', 'clock', 'ids'],
    example: {
      file: 'email,first_name,last_name\r\nada@example.com,Ada,Lovelace\r\n',
      segments: '[{"id":"4ab2f3c5-9a70-4c46-9d0b-1c7a2f1e6b3d"}]',
      column_map: '{"email":"email","first_name":"first_name","last_name":"last_name"}',
    },
  },
  async ({ auth, event }, deps) => {
    const form = importForm(event, MAX_IMPORT_BYTES);
    const started = await startImport(
      deps,
      auth.account_id,
      form.segments[0].id.toLowerCase(),
      form.csv,
      checkImportRow,
      resendLayout(form.column_map ?? {}),
    );
    return { data: { object: 'contact_import' as const, id: started.id } };
  },
);

export default resendContactImportsCreate;
