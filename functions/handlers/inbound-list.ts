import { inboundReadDeps } from '../adapters/wiring';
import { listInbound } from '../domain/inbound/inbound-view';
import { apiHandler } from '../http/api-handler';
import { inboundList } from '../routes/inbound';

const deps = inboundReadDeps();

export const handler = apiHandler(inboundList, async ({ auth, query }) => ({
  data: await listInbound(deps, auth.account_id, query),
}));
