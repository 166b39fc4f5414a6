import { suppressManyManually } from '../../domain/audience/suppressions';
import { suppressionIdOf } from '../../http/resend-suppressions';
import { resendSuppressionBatchAddBody, resendSuppressionBatchAdded } from '../../schemas/resend-suppressions';
import { defineRoute } from '../define-route';
import { resendSuppressions } from './area';

export const resendSuppressionsBatchAdd = defineRoute(
  {
    ...resendSuppressions,
    id: 'resend-suppressions-batch-add',
    method: 'POST',
    path: '/resend/suppressions/batch/add',
    summary: 'Suppress up to 100 addresses at once',
    description: 'As one add per address, in order: an address on the list already keeps its entry.',
    request: { body: resendSuppressionBatchAddBody },
    response: resendSuppressionBatchAdded,
    table: { write: ['suppression'] },
    example: { emails: ['ada@example.com', 'grace@example.com'] },
    uses: ['suppressions', 'clock'],
  },
  async ({ auth, body }, deps) => {
    const entries = await suppressManyManually(deps, auth.account_id, body.emails);
    return {
      data: { data: entries.map((entry) => ({ object: 'suppression' as const, id: suppressionIdOf(entry.email) })) },
    };
  },
);

export default resendSuppressionsBatchAdd;
