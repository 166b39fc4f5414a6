import { inboundIdParams, inboundView } from '../../schemas/inbound';
import { getInbound } from '../../domain/inbound/inbound-view';
import { inbound } from './area';
import { defineRoute } from '../define-route';

export const inboundGet = defineRoute(
  {
    ...inbound,
    id: 'inbound-get',
    method: 'GET',
    path: '/api/v1/inbound/{id}',
    summary: 'Get one received mail',
    description: 'Its bodies (by link when too large), headers, links to its attachments and the raw mail.',
    request: { params: inboundIdParams },
    response: inboundView,
    uses: ['inbound', 'inboundObjects'],
  },
  async ({ auth, params }, deps) => ({
    data: await getInbound(deps, auth.account_id, params.id),
  }),
);

export default inboundGet;
