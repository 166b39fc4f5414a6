import { idParams } from '../../schemas/audience';
import { importView } from '../../schemas/imports';
import { getImport } from '../../domain/audience/imports';
import { imports } from './area';
import { defineRoute } from '../define-route';

export const importsGet = defineRoute(
  {
    ...imports,
    id: 'imports-get',
    method: 'GET',
    path: '/api/v1/imports/{id}',
    summary: "Get an import's status and counts",
    description:
      'The counts (total, imported, duplicates, suppressed, rejected) and the first 100 rejected rows with their ' +
      'reasons.',
    request: { params: idParams },
    response: importView,
    uses: ['imports', 'lists', 'clock', 'ids'],
  },
  async ({ auth, params }, deps) => ({
    data: await getImport(deps, auth.account_id, params.id),
  }),
);

export default importsGet;
