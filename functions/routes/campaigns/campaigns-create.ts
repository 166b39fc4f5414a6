import { campaignView } from '../../schemas/campaigns';
import { createCampaignBody } from '../../schemas/campaign-writes';
import { createCampaign } from '../../domain/campaigns/campaigns';
import { campaigns } from './area';
import { LIST_ID } from '../example-ids';
import { defineRoute } from '../define-route';

export const campaignsCreate = defineRoute(
  {
    ...campaigns,
    id: 'campaigns-create',
    tenantAware: true,
    method: 'POST',
    path: '/api/v1/campaigns',
    summary: 'Create a draft campaign to a list',
    description:
      'With its own content or a stored template (`template_id` + `variables`); `{{name}}`, `{{email}}`, ' +
      '`{{unsubscribe_url}}` and `{{metadata.<key>}}` are filled per subscriber. With `tenant` (id or name) its ' +
      "mail goes out as that tenant (a tenant key's campaigns are its tenant's, without naming it).",
    request: { body: createCampaignBody },
    response: campaignView,
    successStatus: 201,
    errors: ['NOT_FOUND'],
    example: {
      name: 'Spring news',
      subject: 'What is new this spring, {{name}}',
      html: '<p>Hi {{name}},</p><p>Here is what is new.</p><p><a href="{{unsubscribe_url}}">Unsubscribe</a></p>',
      text: 'Hi {{name}}, here is what is new.',
      list_id: LIST_ID,
      from_name: 'Example Inc.',
      reply_to: 'news@example.com',
    },
    uses: ['campaigns', 'lists', 'templates', 'topics', 'counters', 'clock', 'ids', 'tenants'],
  },
  async ({ auth, body }, deps) => ({
    data: await createCampaign(deps, auth.account_id, body, auth.tenant_id),
  }),
);

export default campaignsCreate;
