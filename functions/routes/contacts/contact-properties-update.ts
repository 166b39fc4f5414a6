import { propertyParams, propertyView, updatePropertyBody } from '../../schemas/contacts';
import { presentProperty, updateProperty } from '../../domain/contacts/properties';
import { contacts } from './area';
import { defineRoute } from '../define-route';

export const contactPropertiesUpdate = defineRoute(
  {
    ...contacts,
    id: 'contact-properties-update',
    method: 'PATCH',
    path: '/api/v1/contact-properties/{id}',
    summary: "Change a contact property's fallback value",
    description: 'Key and type stay: contacts hold values of them. The fallback must be of the type.',
    request: { params: propertyParams, body: updatePropertyBody },
    response: propertyView,
    example: { fallback_value: 'basic' },
    uses: ['contactProperties'],
  },
  async ({ auth, params, body }, deps) => ({
    data: presentProperty(await updateProperty(deps, auth.account_id, params.id, body)),
  }),
);

export default contactPropertiesUpdate;
