import {
  importStatusOf,
  presentResendImport,
  resendImportList,
  resendImportsQuery,
} from '../../schemas/resend-imports';
import { requireAnchored } from '../../domain/id-paging';
import { resendPageRequest } from '../../http/resend-paging';
import { resendAudience } from './area';
import { defineRoute } from '../define-route';

export const resendContactImportsList = defineRoute(
  {
    ...resendAudience,
    id: 'resend-contact-imports-list',
    method: 'GET',
    path: '/resend/contacts/imports',
    summary: "List the account's contact imports, newest first",
    description:
      'Paged by import ids (`after`, `before`; `limit` up to 100). `status` keeps those of one status from the ' +
      'page read, so a page may hold fewer than `limit`.',
    request: { query: resendImportsQuery },
    response: resendImportList,
    uses: ['imports'],
  },
  async ({ auth, query }, deps) => {
    const request = resendPageRequest(query);
    const page = requireAnchored(await deps.imports.pageNextTo(auth.account_id, request), request);
    const status = query.status && importStatusOf(query.status);
    const data = page.items.filter((record) => !status || record.status === status).map(presentResendImport);
    return { data: { object: 'list' as const, has_more: page.has_more, data } };
  },
);

export default resendContactImportsList;
