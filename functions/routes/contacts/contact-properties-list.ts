import { propertiesList } from '../../schemas/contacts';
import { allProperties, presentProperty } from '../../domain/contacts/properties';
import { contacts } from './area';
import { defineRoute } from '../define-route';

export const contactPropertiesList = defineRoute(
  {
    ...contacts,
    id: 'contact-properties-list',
    method: 'GET',
    path: '/api/v1/contact-properties',
    summary: "List the account's contact properties, newest first",
    description: 'All of them in one answer: an account declares at most 100.',
    response: propertiesList,
    uses: ['contactProperties'],
  },
  async ({ auth }, deps) => ({
    data: { contact_properties: (await allProperties(deps, auth.account_id)).map(presentProperty) },
  }),
);

export default contactPropertiesList;
