import { audienceContactParams, resendContact } from '../../schemas/resend-contacts';
import { readable } from '../../domain/contacts/contacts';
import { memberContact } from '../../domain/contacts/audience-contacts';
import { resendContactOf } from '../../http/resend-contacts';
import { resendAudience } from './area';
import { defineRoute } from '../define-route';

export const resendAudienceContactsGet = defineRoute(
  {
    ...resendAudience,
    id: 'resend-audience-contacts-get',
    method: 'GET',
    path: '/resend/audiences/{id}/contacts/{id_or_email}',
    summary: 'Get a contact of an audience by id or email (the older SDK form)',
    description: 'The contact, while it is a member of the audience (list); 404 otherwise.',
    request: { params: audienceContactParams },
    response: resendContact,
    uses: ['contacts', 'contactProperties', 'subscribers'],
  },
  async ({ auth, params }, deps) => {
    const { contact } = await memberContact(deps, auth.account_id, params.id, params.id_or_email);
    return { data: resendContactOf((await readable(deps, auth.account_id, [contact]))[0]) };
  },
);

export default resendAudienceContactsGet;
