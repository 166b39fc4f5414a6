import { audienceContactParams, resendContactRef, resendContactUpdateBody } from '../../schemas/resend-contacts';
import { updateContact } from '../../domain/contacts/contacts';
import { memberContact } from '../../domain/contacts/audience-contacts';
import { resendAudience } from './area';
import { defineRoute } from '../define-route';

export const resendAudienceContactsUpdate = defineRoute(
  {
    ...resendAudience,
    id: 'resend-audience-contacts-update',
    method: 'PATCH',
    path: '/resend/audiences/{id}/contacts/{id_or_email}',
    summary: 'Change a contact of an audience (the older SDK form)',
    description:
      'As `PATCH /resend/contacts/{id_or_email}`, while the contact is a member of the audience (404 otherwise): ' +
      'the contact is one person of the account, so the change shows in every list it is in.',
    request: { params: audienceContactParams, body: resendContactUpdateBody },
    response: resendContactRef,
    example: { unsubscribed: true },
    uses: ['contacts', 'contactProperties', 'subscribers', 'clock'],
  },
  async ({ auth, params, body }, deps) => {
    const { contact } = await memberContact(deps, auth.account_id, params.id, params.id_or_email);
    const updated = await updateContact(deps, auth.account_id, contact.id, body);
    return { data: { object: 'contact' as const, id: updated.id } };
  },
);

export default resendAudienceContactsUpdate;
