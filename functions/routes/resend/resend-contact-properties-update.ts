import { propertyParams, updatePropertyBody } from '../../schemas/contacts';
import { resendPropertyRef } from '../../schemas/resend-contacts';
import { updateProperty } from '../../domain/contacts/properties';
import { audience } from './area';
import { defineRoute } from '../define-route';

export const resendContactPropertiesUpdate = defineRoute(
  {
    ...audience,
    id: 'resend-contact-properties-update',
    method: 'PATCH',
    path: '/resend/contact-properties/{id}',
    summary: "Change a contact property's fallback value",
    request: { params: propertyParams, body: updatePropertyBody },
    response: resendPropertyRef,
    example: { fallback_value: 'basic' },
    uses: ['contactProperties'],
  },
  async ({ auth, params, body }, deps) => {
    const property = await updateProperty(deps, auth.account_id, params.id, body);
    return { data: { object: 'contact_property' as const, id: property.id } };
  },
);

export default resendContactPropertiesUpdate;
