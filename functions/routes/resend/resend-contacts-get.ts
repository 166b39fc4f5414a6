import { contactParams } from '../../schemas/contacts';
import { resendContact } from '../../schemas/resend-contacts';
import { readable, findContact } from '../../domain/contacts/contacts';
import { resendContactOf } from '../../http/resend-contacts';
import { audience } from './area';
import { defineRoute } from '../define-route';

export const resendContactsGet = defineRoute(
  {
    ...audience,
    id: 'resend-contacts-get',
    method: 'GET',
    path: '/resend/contacts/{id_or_email}',
    summary: 'Get one contact by id or email',
    request: { params: contactParams },
    response: resendContact,
    uses: ['contacts', 'contactProperties'],
  },
  async ({ auth, params }, deps) => {
    const contact = await findContact(deps, auth.account_id, params.id_or_email);
    return { data: resendContactOf((await readable(deps, auth.account_id, [contact]))[0]) };
  },
);

export default resendContactsGet;
