import { suppressionsPage, suppressionsQuery } from '../../schemas/suppressions';
import { listSuppressions, suppressionsCsv } from '../../domain/audience/suppressions';
import { suppressions } from './area';
import { readingTenant } from '../../domain/tenants/sending-tenant';
import { tenantScope } from '../../domain/tenants/tenant';
import { defineRoute } from '../define-route';

/** A CSV answer's size: about 60 bytes a row, well inside a Lambda answer's 6 MB. */
const CSV_ROWS = 10_000;

const wantsCsv = (accept: string | undefined) => /(^|,)\s*text\/csv\b/i.test(accept ?? '');

export const suppressionsList = defineRoute(
  {
    ...suppressions,
    id: 'suppressions-list',
    tenantAware: true,
    method: 'GET',
    path: '/api/v1/suppressions',
    summary: 'List suppressed addresses in address order, by reason',
    description:
      'Cursor paging. With `Accept: text/csv`: CSV of up to 10,000 entries per answer, the next part named by the ' +
      "`X-Next-Cursor` header. With `tenant` (its id or name), that tenant's own list (its mail's bounces and " +
      "complaints); without it, the account's, which holds for every tenant. A key bound to a tenant reads its own.",
    request: { query: suppressionsQuery },
    response: suppressionsPage,
    csvResponse: true,
    table: { read: ['suppression', 'tenant', 'tenantName'] },
    uses: ['suppressions', 'tenants', 'clock'],
  },
  async ({ auth, query, event }, deps) => {
    const scope = tenantScope(auth.account_id, (await readingTenant(deps, auth, query.tenant))?.id);
    if (!wantsCsv(event.headers?.accept))
      return {
        data: await listSuppressions(deps, scope, {
          limit: query.limit ?? 20,
          cursor: query.cursor,
          reason: query.reason,
        }),
      };
    // No streaming through API Gateway: a large list is exported in parts, each naming the next.
    const page = await listSuppressions(deps, scope, {
      limit: CSV_ROWS,
      cursor: query.cursor,
      reason: query.reason,
    });
    return {
      raw: suppressionsCsv(page.suppressions),
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': 'attachment; filename="suppressions.csv"',
        ...(page.next_cursor ? { 'X-Next-Cursor': page.next_cursor } : {}),
      },
    };
  },
);

export default suppressionsList;
