import { contactParams } from '../../schemas/contacts';
import { resendContactDeleted } from '../../schemas/resend-contacts';
import { deleteContact } from '../../domain/contacts/contacts';
import { audience } from './area';
import { defineRoute } from '../define-route';

export const resendContactsDelete = defineRoute(
  {
    ...audience,
    id: 'resend-contacts-delete',
    method: 'DELETE',
    path: '/resend/contacts/{id_or_email}',
    summary: 'Delete a contact with its list memberships',
    request: { params: contactParams },
    response: resendContactDeleted,
    uses: ['contacts', 'subscribers'],
  },
  async ({ auth, params }, deps) => {
    const contact = await deleteContact(deps, auth.account_id, params.id_or_email);
    return { data: { object: 'contact' as const, contact: contact.id, deleted: true } };
  },
);

export default resendContactsDelete;
