import { createProviderBody, providerIdParams, providerView, updateProviderBody } from '../../schemas/providers';
import { presentProvider, updateProvider } from '../../domain/providers/providers';
import { validated } from '../../http/validate';
import { receiverUrl } from '../receivers/area';
import { admin } from './area';
import { defineRoute } from '../define-route';

export const providersUpdate = defineRoute(
  {
    ...admin,
    id: 'providers-update',
    method: 'PUT',
    path: '/api/v1/providers/{id}',
    summary: 'Change a provider',
    description: 'Changes the fields given; omitted secrets keep their stored value.',
    request: { params: providerIdParams, body: updateProviderBody },
    response: providerView,
    // A from_email or allowed_from_domains at a domain another account registered (sender-claims.ts).
    errors: ['FROM_NOT_ALLOWED'],
    example: { daily_limit: 50_000, send_rate_per_second: 14 },
    uses: ['providersSealing', 'clock', 'ids', 'allowPrivateSmtpHosts'],
  },
  async ({ auth, params, body, baseUrl }, deps) => {
    const { provider, defaultId } = await updateProvider(deps, auth.account_id, params.id, body, (merged) =>
      validated(createProviderBody, merged),
    );
    return { data: presentProvider(provider, defaultId, receiverUrl(baseUrl)) };
  },
);

export default providersUpdate;
