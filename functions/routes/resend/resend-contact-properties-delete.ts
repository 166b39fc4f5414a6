import { propertyParams } from '../../schemas/contacts';
import { resendPropertyDeleted } from '../../schemas/resend-contacts';
import { deleteProperty } from '../../domain/contacts/properties';
import { audience } from './area';
import { defineRoute } from '../define-route';

export const resendContactPropertiesDelete = defineRoute(
  {
    ...audience,
    id: 'resend-contact-properties-delete',
    method: 'DELETE',
    path: '/resend/contact-properties/{id}',
    summary: 'Delete a contact property',
    request: { params: propertyParams },
    response: resendPropertyDeleted,
    uses: ['contactProperties'],
  },
  async ({ auth, params }, deps) => {
    const property = await deleteProperty(deps, auth.account_id, params.id);
    return { data: { object: 'contact_property' as const, id: property.id, deleted: true } };
  },
);

export default resendContactPropertiesDelete;
