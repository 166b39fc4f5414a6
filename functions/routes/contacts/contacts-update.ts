import { contactParams, contactView, updateContactBody } from '../../schemas/contacts';
import { presentContact, readable, updateContact } from '../../domain/contacts/contacts';
import { contacts } from './area';
import { defineRoute } from '../define-route';

export const contactsUpdate = defineRoute(
  {
    ...contacts,
    id: 'contacts-update',
    method: 'PATCH',
    path: '/api/v1/contacts/{id_or_email}',
    summary: "Change a contact's names, unsubscribed flag or property values",
    description:
      'Fields left out keep their value; `null` clears a name or a property value. `properties` merge into the ' +
      'stored ones, each checked against its declaration. The email does not change.',
    request: { params: contactParams, body: updateContactBody },
    response: contactView,
    errors: ['CONFLICT'],
    example: { first_name: 'Ada', unsubscribed: true, properties: { plan: 'pro', seats: null } },
    uses: ['contacts', 'contactProperties', 'clock'],
  },
  async ({ auth, params, body }, deps) => {
    const contact = await updateContact(deps, auth.account_id, params.id_or_email, body);
    return { data: presentContact((await readable(deps, auth.account_id, [contact]))[0]) };
  },
);

export default contactsUpdate;
