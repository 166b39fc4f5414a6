import { getSuppression } from '../../domain/audience/suppressions';
import { notFound } from '../../domain/errors';
import { resendSuppressionEntry, suppressionEmailOf } from '../../http/resend-suppressions';
import { resendSuppression, resendSuppressionParams } from '../../schemas/resend-suppressions';
import { defineRoute } from '../define-route';
import { resendSuppressions } from './area';

export const resendSuppressionsGet = defineRoute(
  {
    ...resendSuppressions,
    id: 'resend-suppressions-get',
    method: 'GET',
    path: '/resend/suppressions/{id_or_email}',
    summary: 'Get a suppressed address by its entry id or the address',
    request: { params: resendSuppressionParams },
    response: resendSuppression,
    table: { read: ['suppression'] },
    uses: ['suppressions'],
  },
  async ({ auth, params }, deps) => {
    const email = suppressionEmailOf(params.id_or_email);
    if (email === undefined) throw notFound('Suppression');
    const entry = await getSuppression(deps, auth.account_id, email);
    return { data: { object: 'suppression' as const, ...resendSuppressionEntry(entry) } };
  },
);

export default resendSuppressionsGet;
