import { unsuppressMany } from '../../domain/audience/suppressions';
import { suppressionEmailOf, suppressionIdOf } from '../../http/resend-suppressions';
import { resendSuppressionBatchRemoveBody, resendSuppressionBatchRemoved } from '../../schemas/resend-suppressions';
import { defineRoute } from '../define-route';
import { resendSuppressions } from './area';

export const resendSuppressionsBatchRemove = defineRoute(
  {
    ...resendSuppressions,
    id: 'resend-suppressions-batch-remove',
    method: 'POST',
    path: '/resend/suppressions/batch/remove',
    summary: 'Remove up to 100 addresses from the suppression list at once, by address or id',
    description: 'Each answers `deleted: false` when it was not on the list (or names no entry): none is an error.',
    request: { body: resendSuppressionBatchRemoveBody },
    response: resendSuppressionBatchRemoved,
    table: { write: ['suppression', 'address'] },
    example: { emails: ['ada@example.com'] },
    uses: ['suppressions'],
  },
  async ({ auth, body }, deps) => {
    const named = (body.emails ?? body.ids ?? []).map((given) => ({ given, email: suppressionEmailOf(given) }));
    const emails = named.flatMap(({ email }) => (email === undefined ? [] : [email]));
    const removed = new Map((await unsuppressMany(deps, auth.account_id, emails)).map((r) => [r.email, r.deleted]));
    const data = named.map(({ given, email }) => ({
      object: 'suppression' as const,
      id: email === undefined ? given : suppressionIdOf(email),
      deleted: email !== undefined && removed.get(email) === true,
    }));
    return { data: { data } };
  },
);

export default resendSuppressionsBatchRemove;
