import { deletedMessage } from '../../schemas/common';
import { contactParams } from '../../schemas/contacts';
import { deleteContact } from '../../domain/contacts/contacts';
import { contacts } from './area';
import { defineRoute } from '../define-route';

export const contactsDelete = defineRoute(
  {
    ...contacts,
    id: 'contacts-delete',
    method: 'DELETE',
    path: '/api/v1/contacts/{id_or_email}',
    summary: 'Delete a contact with its list memberships',
    description: 'Its subscribers in every list go with it, first; 409 `CONFLICT` when one changed meanwhile.',
    request: { params: contactParams },
    response: deletedMessage,
    errors: ['CONFLICT'],
    uses: ['contacts', 'subscribers'],
  },
  async ({ auth, params }, deps) => {
    await deleteContact(deps, auth.account_id, params.id_or_email);
    return { message: 'Contact deleted' };
  },
);

export default contactsDelete;
