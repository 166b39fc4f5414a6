import { createPropertyBody, propertyView } from '../../schemas/contacts';
import { createProperty, presentProperty } from '../../domain/contacts/properties';
import { contacts } from './area';
import { defineRoute } from '../define-route';

export const contactPropertiesCreate = defineRoute(
  {
    ...contacts,
    id: 'contact-properties-create',
    method: 'POST',
    path: '/api/v1/contact-properties',
    summary: 'Declare a contact property',
    description:
      'Contacts hold values only of declared properties, of the declared type. `key` is unique in the account ' +
      '(409 `CONFLICT`); at most 100 properties.',
    request: { body: createPropertyBody },
    response: propertyView,
    successStatus: 201,
    errors: ['CONFLICT'],
    example: { key: 'plan', type: 'string', fallback_value: 'free' },
    uses: ['contactProperties', 'clock', 'ids'],
  },
  async ({ auth, body }, deps) => ({ data: presentProperty(await createProperty(deps, auth.account_id, body)) }),
);

export default contactPropertiesCreate;
