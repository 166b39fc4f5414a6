import { resumeResult } from '../../schemas/reputation';
import { resumeSending } from '../../domain/reputation/reputation';
import { defineRoute } from '../define-route';

export const statsResume = defineRoute(
  {
    id: 'stats-resume',
    method: 'POST',
    path: '/api/v1/stats/resume',
    summary: 'Lift the reputation brake',
    description: "The account's sending resumes and its queued mail goes out.",
    tag: 'Reputation',
    permission: 'admin',
    response: resumeResult,
    table: { read: ['stats'], write: ['sendingBrake'] },
    uses: ['reputation', 'clock'],
  },
  async ({ auth }, deps) => ({
    data: await resumeSending(deps, auth.account_id),
  }),
);

export default statsResume;
