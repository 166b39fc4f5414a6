import { deletedMessage } from '../../schemas/common';
import { propertyParams } from '../../schemas/contacts';
import { deleteProperty } from '../../domain/contacts/properties';
import { contacts } from './area';
import { defineRoute } from '../define-route';

export const contactPropertiesDelete = defineRoute(
  {
    ...contacts,
    id: 'contact-properties-delete',
    method: 'DELETE',
    path: '/api/v1/contact-properties/{id}',
    summary: 'Delete a contact property',
    description: "Contacts' values of it are no longer answered (nor accepted).",
    request: { params: propertyParams },
    response: deletedMessage,
    uses: ['contactProperties'],
  },
  async ({ auth, params }, deps) => {
    await deleteProperty(deps, auth.account_id, params.id);
    return { message: 'Contact property deleted' };
  },
);

export default contactPropertiesDelete;
