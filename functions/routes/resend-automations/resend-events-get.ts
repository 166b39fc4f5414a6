import { presentEvent, requireEvent } from '../../domain/automations/events';
import { eventParams, resendEvent } from '../../schemas/automations';
import { defineRoute } from '../define-route';
import { resendAutomations } from './area';

export const resendEventsGet = defineRoute(
  {
    ...resendAutomations,
    id: 'resend-events-get',
    method: 'GET',
    path: '/resend/events/{id_or_name}',
    summary: 'Get an event by its id or name',
    request: { params: eventParams },
    response: resendEvent,
    uses: ['automations'],
  },
  async ({ auth, params }, deps) => ({
    data: { object: 'event' as const, ...presentEvent(await requireEvent(deps, auth.account_id, params.id_or_name)) },
  }),
);

export default resendEventsGet;
