import { campaignDeps } from '../adapters/wiring';
import { updateCampaign } from '../domain/campaigns/campaigns';
import { apiHandler } from '../http/api-handler';
import { campaignsUpdate } from '../routes/campaigns';

const deps = campaignDeps();

export const handler = apiHandler(campaignsUpdate, async ({ auth, params, body }) => ({
  data: await updateCampaign(deps, auth.account_id, params.id, body),
}));
