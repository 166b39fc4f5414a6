import { propertyParams, propertyView } from '../../schemas/contacts';
import { getProperty, presentProperty } from '../../domain/contacts/properties';
import { contacts } from './area';
import { defineRoute } from '../define-route';

export const contactPropertiesGet = defineRoute(
  {
    ...contacts,
    id: 'contact-properties-get',
    method: 'GET',
    path: '/api/v1/contact-properties/{id}',
    summary: 'Get one contact property',
    request: { params: propertyParams },
    response: propertyView,
    uses: ['contactProperties'],
  },
  async ({ auth, params }, deps) => ({ data: presentProperty(await getProperty(deps, auth.account_id, params.id)) }),
);

export default contactPropertiesGet;
