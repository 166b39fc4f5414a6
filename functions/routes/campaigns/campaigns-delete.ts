import { deletedMessage } from '../../schemas/common';
import { idParams } from '../../schemas/audience';
import { deleteCampaign } from '../../domain/campaigns/campaigns';
import { campaigns } from './area';
import { defineRoute } from '../define-route';

export const campaignsDelete = defineRoute(
  {
    ...campaigns,
    id: 'campaigns-delete',
    method: 'DELETE',
    path: '/api/v1/campaigns/{id}',
    summary: 'Delete a draft campaign',
    description: '409 once it is scheduled or sent.',
    request: { params: idParams },
    response: deletedMessage,
    errors: ['CONFLICT'],
    uses: ['campaigns', 'lists', 'templates', 'counters', 'clock', 'ids'],
  },
  async ({ auth, params }, deps) => {
    await deleteCampaign(deps, auth.account_id, params.id);
    return { message: 'Campaign deleted' };
  },
);

export default campaignsDelete;
