import { campaignSendDeps } from '../adapters/wiring';
import { sendCampaign } from '../domain/campaigns/campaigns';
import { apiHandler } from '../http/api-handler';
import { campaignsSend } from '../routes/campaigns';

const deps = campaignSendDeps();

export const handler = apiHandler(campaignsSend, async ({ auth, params, body }) => ({
  data: await sendCampaign(deps, auth.account_id, params.id, body),
}));
