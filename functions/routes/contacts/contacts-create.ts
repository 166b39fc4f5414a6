import { contactView, createContactBody } from '../../schemas/contacts';
import { presentContact } from '../../domain/contacts/contacts';
import { createContactInLists } from '../../domain/contacts/contact-lists';
import { contactCreated } from '../../domain/automations/service-events';
import { contacts, CREATE_IN_LISTS } from './area';
import { LIST_ID } from '../example-ids';
import { defineRoute } from '../define-route';

export const contactsCreate = defineRoute(
  {
    ...contacts,
    id: 'contacts-create',
    method: 'POST',
    path: '/api/v1/contacts',
    summary: 'Create a contact',
    description:
      'One person of the account, unique by email (any case): a second is 409 `CONFLICT`. Each of ' +
      '`segments` (list ids) makes a membership, as `POST /subscribers` does. `properties` are values of ' +
      'declared properties (`POST /contact-properties`): an undeclared key or a wrong type is 400 naming it. ' +
      'The enabled automations triggered by `contact.created` start a run for it.',
    request: { body: createContactBody },
    response: contactView,
    successStatus: 201,
    errors: ['NOT_FOUND', 'CONFLICT', 'NO_SMTP_PROVIDER'],
    example: {
      email: 'ada@example.com',
      first_name: 'Ada',
      last_name: 'Lovelace',
      properties: { plan: 'pro' },
      segments: [{ id: LIST_ID }],
    },
    uses: [...CREATE_IN_LISTS, 'automations'],
  },
  async ({ auth, body }, deps) => {
    const contact = await createContactInLists(deps, auth.account_id, body);
    await contactCreated(deps, contact);
    return { data: presentContact(contact) };
  },
);

export default contactsCreate;
