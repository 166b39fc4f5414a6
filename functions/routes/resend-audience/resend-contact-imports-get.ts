import { idParams } from '../../schemas/audience';
import { presentResendImport, resendImport } from '../../schemas/resend-imports';
import { notFound } from '../../domain/errors';
import { resendAudience } from './area';
import { defineRoute } from '../define-route';

export const resendContactImportsGet = defineRoute(
  {
    ...resendAudience,
    id: 'resend-contact-imports-get',
    method: 'GET',
    path: '/resend/contacts/imports/{id}',
    summary: "Get a contact import's status and counts",
    description:
      '`counts`: `created` the members it added, `skipped` addresses the segment had or that are suppressed (and ' +
      'repeats in the file), `failed` rows refused; `updated` is 0 (conflicts are skipped).',
    request: { params: idParams },
    response: resendImport,
    uses: ['imports'],
  },
  async ({ auth, params }, deps) => {
    const record = await deps.imports.get(auth.account_id, params.id.toLowerCase());
    if (!record) throw notFound('Import');
    return { data: presentResendImport(record) };
  },
);

export default resendContactImportsGet;
