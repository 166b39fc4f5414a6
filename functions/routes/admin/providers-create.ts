import { createProviderBody, providerView } from '../../schemas/providers';
import { createProvider, presentProvider } from '../../domain/providers/providers';
import { receiverUrl } from '../receivers/area';
import { admin } from './area';
import { defineRoute } from '../define-route';

export const providersCreate = defineRoute(
  {
    ...admin,
    id: 'providers-create',
    method: 'POST',
    path: '/api/v1/providers',
    summary: 'Add a sending provider (SES or SMTP)',
    description: "Its `type` is `ses` or `smtp`; the account's first provider becomes the default.",
    request: { body: createProviderBody },
    response: providerView,
    successStatus: 201,
    // A from_email or allowed_from_domains at a domain another account registered (sender-claims.ts).
    errors: ['FROM_NOT_ALLOWED'],
    example: {
      type: 'ses',
      name: 'SES',
      from_email: 'hello@example.com',
      from_name: 'Example Inc.',
      region: 'eu-west-1',
    },
    uses: ['providersSealing', 'clock', 'ids', 'allowPrivateSmtpHosts'],
  },
  async ({ auth, body, baseUrl }, deps) => {
    const { provider, defaultId } = await createProvider(deps, auth.account_id, body);
    return { data: presentProvider(provider, defaultId, receiverUrl(baseUrl)) };
  },
);

export default providersCreate;
