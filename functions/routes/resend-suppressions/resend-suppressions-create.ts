import { suppressManually } from '../../domain/audience/suppressions';
import { suppressionIdOf } from '../../http/resend-suppressions';
import { resendSuppressionBody, resendSuppressionRef } from '../../schemas/resend-suppressions';
import { defineRoute } from '../define-route';
import { resendSuppressions } from './area';

export const resendSuppressionsCreate = defineRoute(
  {
    ...resendSuppressions,
    id: 'resend-suppressions-create',
    method: 'POST',
    path: '/resend/suppressions',
    summary: 'Suppress an address',
    description: "Its origin is `manual`; an address on the list already keeps its entry (and that entry's id).",
    request: { body: resendSuppressionBody },
    response: resendSuppressionRef,
    successStatus: 201,
    table: { write: ['suppression'] },
    example: { email: 'ada@example.com' },
    uses: ['suppressions', 'clock'],
  },
  async ({ auth, body }, deps) => {
    const entry = await suppressManually(deps, auth.account_id, body.email);
    return { data: { object: 'suppression' as const, id: suppressionIdOf(entry.email) } };
  },
);

export default resendSuppressionsCreate;
