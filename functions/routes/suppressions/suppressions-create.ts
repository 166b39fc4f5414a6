import { createSuppressionBody, suppressionView } from '../../schemas/suppressions';
import { suppressManually } from '../../domain/audience/suppressions';
import { suppressions } from './area';
import { defineRoute } from '../define-route';

export const suppressionsCreate = defineRoute(
  {
    ...suppressions,
    id: 'suppressions-create',
    method: 'POST',
    path: '/api/v1/suppressions',
    summary: 'Suppress an address',
    description: "The entry's reason is `manual`; an address on the list already keeps its entry.",
    request: { body: createSuppressionBody },
    response: suppressionView,
    successStatus: 201,
    table: { write: ['suppression'] },
    example: { email: 'ada@example.com' },
    uses: ['suppressions', 'clock'],
  },
  async ({ auth, body }, deps) => ({
    data: await suppressManually(deps, auth.account_id, body.email),
  }),
);

export default suppressionsCreate;
