import { campaignDeps } from '../adapters/wiring';
import { deleteCampaign } from '../domain/campaigns/campaigns';
import { apiHandler } from '../http/api-handler';
import { campaignsDelete } from '../routes/campaigns';

const deps = campaignDeps();

export const handler = apiHandler(campaignsDelete, async ({ auth, params }) => {
  await deleteCampaign(deps, auth.account_id, params.id);
  return { message: 'Campaign deleted' };
});
