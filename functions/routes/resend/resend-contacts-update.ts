import { contactParams } from '../../schemas/contacts';
import { resendContactRef, resendContactUpdateBody } from '../../schemas/resend-contacts';
import { updateContact } from '../../domain/contacts/contacts';
import { audience } from './area';
import { defineRoute } from '../define-route';

export const resendContactsUpdate = defineRoute(
  {
    ...audience,
    id: 'resend-contacts-update',
    method: 'PATCH',
    path: '/resend/contacts/{id_or_email}',
    summary: "Change a contact's names, unsubscribed flag or property values",
    description: 'Fields left out keep their value; `null` clears a name or a property value.',
    request: { params: contactParams, body: resendContactUpdateBody },
    response: resendContactRef,
    example: { unsubscribed: true },
    uses: ['contacts', 'contactProperties', 'clock'],
  },
  async ({ auth, params, body }, deps) => {
    const contact = await updateContact(deps, auth.account_id, params.id_or_email, body);
    return { data: { object: 'contact' as const, id: contact.id } };
  },
);

export default resendContactsUpdate;
