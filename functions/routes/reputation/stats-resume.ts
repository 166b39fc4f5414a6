import { resumeBody, resumeResult } from '../../schemas/reputation';
import { requireTenant } from '../../domain/tenants/tenants';
import { resumeSending } from '../../domain/reputation/reputation';
import { defineRoute } from '../define-route';

export const statsResume = defineRoute(
  {
    id: 'stats-resume',
    method: 'POST',
    path: '/api/v1/stats/resume',
    summary: 'Lift the reputation brake',
    description:
      "The account's sending resumes and its queued mail goes out; with `tenant` (its id or name), that tenant's " +
      'sending alone.',
    tag: 'Reputation',
    permission: 'admin',
    request: { body: resumeBody, optionalBody: true },
    response: resumeResult,
    example: { tenant: 'acme' },
    table: { read: ['stats'], write: ['sendingBrake', 'tenant', 'tenantName'] },
    uses: ['reputation', 'tenants', 'clock'],
  },
  async ({ auth, body }, deps) => {
    const tenant = body.tenant === undefined ? undefined : await requireTenant(deps, auth.account_id, body.tenant);
    return { data: await resumeSending(deps, auth.account_id, tenant) };
  },
);

export default statsResume;
