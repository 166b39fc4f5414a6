import { bounceCreated, createBounceBody } from '../../schemas/audience';
import { recordBounce } from '../../domain/bounces/record-bounce';
import { subscribers } from './area';
import { defineRoute } from '../define-route';

export const bouncesCreate = defineRoute(
  {
    ...subscribers,
    id: 'bounces-create',
    method: 'POST',
    path: '/api/v1/bounces',
    summary: 'Report a bounce',
    description: 'Applies the subscriber and suppression rules.',
    request: { body: createBounceBody },
    response: bounceCreated,
    successStatus: 201,
    example: {
      email: 'ada@example.com',
      bounce_type: 'hard',
      bounce_subtype: 'General',
      diagnostic_code: 'smtp; 550 5.1.1 user unknown',
    },
    uses: ['bounces', 'counters', 'subscribers', 'suppressions', 'messages', 'reputation', 'clock', 'campaigns'],
  },
  async ({ auth, body }, deps) => {
    const result = await recordBounce(deps, {
      accountId: auth.account_id,
      email: body.email,
      bounceType: body.bounce_type,
      subtype: body.bounce_subtype,
      diagnostic: body.diagnostic_code,
      source: 'api',
    });
    // A manual report has no event key, so it is never a duplicate.
    return { data: { bounce_id: 'id' in result ? result.id : 0 } };
  },
);

export default bouncesCreate;
