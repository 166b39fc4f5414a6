import { inboundPage, inboundQuery } from '../../schemas/inbound';
import { listInbound } from '../../domain/inbound/inbound-view';
import { inbound } from './area';
import { defineRoute } from '../define-route';

export const inboundList = defineRoute(
  {
    ...inbound,
    id: 'inbound-list',
    method: 'GET',
    path: '/api/v1/inbound',
    summary: 'List received mail, newest first',
    description: "Mail received at the account's inbound domains, as summaries (no bodies); cursor paging.",
    request: { query: inboundQuery },
    response: inboundPage,
    // Summaries only, from the table: no S3 client in the bundle, no read of the bucket in the grant.
    uses: ['inbound'],
  },
  async ({ auth, query }, deps) => ({
    data: await listInbound(deps, auth.account_id, query),
  }),
);

export default inboundList;
