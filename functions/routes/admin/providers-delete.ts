import { deletedMessage } from '../../schemas/common';
import { providerIdParams } from '../../schemas/providers';
import { deleteProvider } from '../../domain/providers/providers';
import { admin } from './area';
import { defineRoute } from '../define-route';

export const providersDelete = defineRoute(
  {
    ...admin,
    id: 'providers-delete',
    method: 'DELETE',
    path: '/api/v1/providers/{id}',
    summary: 'Delete a provider',
    request: { params: providerIdParams },
    response: deletedMessage,
    uses: ['providers', 'clock', 'ids'],
  },
  async ({ auth, params }, deps) => {
    await deleteProvider(deps, auth.account_id, params.id);
    return { message: 'Provider deleted' };
  },
);

export default providersDelete;
