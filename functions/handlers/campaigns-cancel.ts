import { campaignDeps } from '../adapters/wiring';
import { cancelCampaign } from '../domain/campaigns/campaigns';
import { apiHandler } from '../http/api-handler';
import { campaignsCancel } from '../routes/campaigns';

const deps = campaignDeps();

export const handler = apiHandler(campaignsCancel, async ({ auth, params }) => ({
  data: await cancelCampaign(deps, auth.account_id, params.id),
}));
