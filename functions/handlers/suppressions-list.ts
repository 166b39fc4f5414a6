import { suppressionDeps } from '../adapters/wiring';
import { listSuppressions, suppressionsCsv } from '../domain/audience/suppressions';
import { apiHandler } from '../http/api-handler';
import { suppressionsList } from '../routes/suppressions';

const deps = suppressionDeps();

/** A CSV answer's size: about 60 bytes a row, well inside a Lambda answer's 6 MB. */
const CSV_ROWS = 10_000;

const wantsCsv = (accept: string | undefined) => /(^|,)\s*text\/csv\b/i.test(accept ?? '');

export const handler = apiHandler(suppressionsList, async ({ auth, query, event }) => {
  if (!wantsCsv(event.headers?.accept))
    return {
      data: await listSuppressions(deps, auth.account_id, {
        limit: query.limit ?? 20,
        cursor: query.cursor,
        reason: query.reason,
      }),
    };
  // No streaming through API Gateway: a large list is exported in parts, each naming the next.
  const page = await listSuppressions(deps, auth.account_id, {
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
});
