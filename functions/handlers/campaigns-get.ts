import { campaignDeps } from '../adapters/wiring';
import { getCampaign } from '../domain/campaigns/campaigns';
import { apiHandler } from '../http/api-handler';
import { campaignsGet } from '../routes/campaigns';

const deps = campaignDeps();

export const handler = apiHandler(campaignsGet, async ({ auth, params }) => ({
  data: await getCampaign(deps, auth.account_id, params.id),
}));
