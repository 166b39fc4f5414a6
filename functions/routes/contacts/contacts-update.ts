import { contactParams, contactView, updateContactBody } from '../../schemas/contacts';
import { presentContact, updateContact } from '../../domain/contacts/contacts';
import { contacts } from './area';
import { defineRoute } from '../define-route';

export const contactsUpdate = defineRoute(
  {
    ...contacts,
    id: 'contacts-update',
    method: 'PATCH',
    path: '/api/v1/contacts/{id_or_email}',
    summary: "Change a contact's names or unsubscribed flag",
    description: 'Fields left out keep their value; `null` clears a name. The email does not change.',
    request: { params: contactParams, body: updateContactBody },
    response: contactView,
    errors: ['CONFLICT'],
    example: { first_name: 'Ada', unsubscribed: true },
    uses: ['contacts', 'clock'],
  },
  async ({ auth, params, body }, deps) => ({
    data: presentContact(await updateContact(deps, auth.account_id, params.id_or_email, body)),
  }),
);

export default contactsUpdate;
