import { suppressionParams, suppressionView } from '../../schemas/suppressions';
import { getSuppression } from '../../domain/audience/suppressions';
import { suppressions } from './area';
import { defineRoute } from '../define-route';

export const suppressionsGet = defineRoute(
  {
    ...suppressions,
    id: 'suppressions-get',
    method: 'GET',
    path: '/api/v1/suppressions/{email}',
    summary: "Get an address's entry on the suppression list",
    description: 'The address URL-encoded in the path, compared without case; 404 when it is not on the list.',
    request: { params: suppressionParams },
    response: suppressionView,
    errors: ['NOT_FOUND'],
    table: { read: ['suppression'] },
    uses: ['suppressions'],
  },
  async ({ auth, params }, deps) => ({ data: await getSuppression(deps, auth.account_id, params.email) }),
);

export default suppressionsGet;
