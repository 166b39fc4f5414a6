import { propertyParams } from '../../schemas/contacts';
import { resendProperty } from '../../schemas/resend-contacts';
import { getProperty, presentProperty } from '../../domain/contacts/properties';
import { audience } from './area';
import { defineRoute } from '../define-route';

export const resendContactPropertiesGet = defineRoute(
  {
    ...audience,
    id: 'resend-contact-properties-get',
    method: 'GET',
    path: '/resend/contact-properties/{id}',
    summary: 'Get one contact property',
    request: { params: propertyParams },
    response: resendProperty,
    uses: ['contactProperties'],
  },
  async ({ auth, params }, deps) => ({
    data: {
      object: 'contact_property' as const,
      ...presentProperty(await getProperty(deps, auth.account_id, params.id)),
    },
  }),
);

export default resendContactPropertiesGet;
