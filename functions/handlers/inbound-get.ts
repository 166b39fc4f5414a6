import { inboundReadDeps } from '../adapters/wiring';
import { getInbound } from '../domain/inbound/inbound-view';
import { apiHandler } from '../http/api-handler';
import { inboundGet } from '../routes/inbound';

const deps = inboundReadDeps();

export const handler = apiHandler(inboundGet, async ({ auth, params }) => ({
  data: await getInbound(deps, auth.account_id, params.id),
}));
