import { deletedMessage } from '../../schemas/common';
import { suppressionParams } from '../../schemas/suppressions';
import { unsuppress } from '../../domain/audience/suppressions';
import { suppressions } from './area';
import { defineRoute } from '../define-route';

export const suppressionsDelete = defineRoute(
  {
    ...suppressions,
    id: 'suppressions-delete',
    method: 'DELETE',
    path: '/api/v1/suppressions/{email}',
    summary: 'Remove an address from the suppression list',
    description:
      'Every send path reaches the address (URL-encoded in the path) again; bounces and subscriber statuses keep ' +
      'their history.',
    request: { params: suppressionParams },
    response: deletedMessage,
    errors: ['NOT_FOUND'],
    table: { write: ['suppression', 'address'] },
    uses: ['suppressions', 'clock'],
  },
  async ({ auth, params }, deps) => {
    await unsuppress(deps, auth.account_id, params.email);
    return { message: 'Suppression deleted' };
  },
);

export default suppressionsDelete;
