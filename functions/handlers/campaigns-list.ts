import { campaignDeps } from '../adapters/wiring';
import { listCampaigns } from '../domain/campaigns/campaigns';
import { apiHandler } from '../http/api-handler';
import { campaignsList } from '../routes/campaigns';
import { pageOf } from '../schemas/pagination';

const deps = campaignDeps();

export const handler = apiHandler(campaignsList, async ({ auth, query }) => ({
  data: await listCampaigns(deps, auth.account_id, pageOf(query)),
}));
