import { createEvent, presentEvent } from '../../domain/automations/events';
import { eventBody, eventView } from '../../schemas/automations';
import { defineRoute } from '../define-route';
import { automations } from './area';

export const eventsCreate = defineRoute(
  {
    ...automations,
    id: 'events-create',
    method: 'POST',
    path: '/api/v1/events',
    summary: 'Declare an event, with the schema of its payload',
    description:
      '`schema` maps payload keys to `string`, `number`, `boolean` or `date`: a payload sent with a value of ' +
      'another type is 400 naming its key. Names are unique in the account (409).',
    request: { body: eventBody },
    response: eventView,
    successStatus: 201,
    errors: ['CONFLICT'],
    example: { name: 'user.signed_up', schema: { plan: 'string' } },
    uses: ['automations', 'clock', 'ids'],
  },
  async ({ auth, body }, deps) => ({ data: presentEvent(await createEvent(deps, auth.account_id, body)) }),
);

export default eventsCreate;
