import { campaignDeps } from '../adapters/wiring';
import { createCampaign } from '../domain/campaigns/campaigns';
import { apiHandler } from '../http/api-handler';
import { campaignsCreate } from '../routes/campaigns';

const deps = campaignDeps();

export const handler = apiHandler(campaignsCreate, async ({ auth, body }) => ({
  data: await createCampaign(deps, auth.account_id, body),
}));
