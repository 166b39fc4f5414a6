import { contactsPage, contactsQuery } from '../../schemas/contacts';
import { listContacts, presentContact, readable } from '../../domain/contacts/contacts';
import { contacts } from './area';
import { defineRoute } from '../define-route';

export const contactsList = defineRoute(
  {
    ...contacts,
    id: 'contacts-list',
    method: 'GET',
    path: '/api/v1/contacts',
    summary: "List the account's contacts, newest first",
    description: 'Cursor paging: a page at any depth is one read of the page (and of the declared properties).',
    request: { query: contactsQuery },
    response: contactsPage,
    uses: ['contacts', 'contactProperties'],
  },
  async ({ auth, query }, deps) => {
    const page = await listContacts(deps, auth.account_id, query);
    const contacts = await readable(deps, auth.account_id, page.items);
    return { data: { contacts: contacts.map(presentContact), next_cursor: page.next_cursor } };
  },
);

export default contactsList;
