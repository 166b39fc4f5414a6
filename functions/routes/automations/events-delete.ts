import { deleteEvent } from '../../domain/automations/events';
import { eventParams } from '../../schemas/automations';
import { deletedMessage } from '../../schemas/common';
import { defineRoute } from '../define-route';
import { automations } from './area';

export const eventsDelete = defineRoute(
  {
    ...automations,
    id: 'events-delete',
    method: 'DELETE',
    path: '/api/v1/events/{id_or_name}',
    summary: 'Delete a declared event',
    description: 'Sending it stays possible (without a schema to check); automations it triggers are untouched.',
    request: { params: eventParams },
    response: deletedMessage,
    uses: ['automations', 'clock', 'ids'],
  },
  async ({ auth, params }, deps) => {
    await deleteEvent(deps, auth.account_id, params.id_or_name);
    return { message: 'Event deleted' };
  },
);

export default eventsDelete;
