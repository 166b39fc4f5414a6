import { createPropertyBody } from '../../schemas/contacts';
import { resendPropertyRef } from '../../schemas/resend-contacts';
import { createProperty } from '../../domain/contacts/properties';
import { audience } from './area';
import { defineRoute } from '../define-route';

export const resendContactPropertiesCreate = defineRoute(
  {
    ...audience,
    id: 'resend-contact-properties-create',
    method: 'POST',
    path: '/resend/contact-properties',
    summary: 'Declare a contact property',
    description: '`key` unique in the account; `type` `string` or `number`; at most 100 properties.',
    request: { body: createPropertyBody },
    response: resendPropertyRef,
    successStatus: 201,
    example: { key: 'plan', type: 'string', fallback_value: 'free' },
    uses: ['contactProperties', 'clock', 'ids'],
  },
  async ({ auth, body }, deps) => {
    const property = await createProperty(deps, auth.account_id, body);
    return { data: { object: 'contact_property' as const, id: property.id } };
  },
);

export default resendContactPropertiesCreate;
