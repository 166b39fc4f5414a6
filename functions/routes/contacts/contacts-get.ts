import { contactParams, contactView } from '../../schemas/contacts';
import { readable, findContact, presentContact } from '../../domain/contacts/contacts';
import { contacts } from './area';
import { defineRoute } from '../define-route';

export const contactsGet = defineRoute(
  {
    ...contacts,
    id: 'contacts-get',
    method: 'GET',
    path: '/api/v1/contacts/{id_or_email}',
    summary: 'Get one contact by id or email',
    request: { params: contactParams },
    response: contactView,
    uses: ['contacts', 'contactProperties'],
  },
  async ({ auth, params }, deps) => {
    const contact = await findContact(deps, auth.account_id, params.id_or_email);
    return { data: presentContact((await readable(deps, auth.account_id, [contact]))[0]) };
  },
);

export default contactsGet;
