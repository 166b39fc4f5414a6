import { unsuppress } from '../../domain/audience/suppressions';
import { notFound } from '../../domain/errors';
import { suppressionEmailOf, suppressionIdOf } from '../../http/resend-suppressions';
import { resendSuppressionDeleted, resendSuppressionParams } from '../../schemas/resend-suppressions';
import { defineRoute } from '../define-route';
import { resendSuppressions } from './area';

export const resendSuppressionsDelete = defineRoute(
  {
    ...resendSuppressions,
    id: 'resend-suppressions-delete',
    method: 'DELETE',
    path: '/resend/suppressions/{id_or_email}',
    summary: 'Remove an address from the suppression list, by its entry id or the address',
    description: 'Every send path reaches the address again; bounce records keep their history.',
    request: { params: resendSuppressionParams },
    response: resendSuppressionDeleted,
    table: { write: ['suppression', 'address'] },
    uses: ['suppressions', 'clock'],
  },
  async ({ auth, params }, deps) => {
    const email = suppressionEmailOf(params.id_or_email);
    if (email === undefined) throw notFound('Suppression');
    await unsuppress(deps, auth.account_id, email);
    return { data: { object: 'suppression' as const, id: suppressionIdOf(email), deleted: true } };
  },
);

export default resendSuppressionsDelete;
