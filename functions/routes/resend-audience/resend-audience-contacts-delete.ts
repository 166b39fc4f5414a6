import { audienceContactParams, resendContactDeleted } from '../../schemas/resend-contacts';
import { memberContact } from '../../domain/contacts/audience-contacts';
import { notFound } from '../../domain/errors';
import { resendAudience } from './area';
import { defineRoute } from '../define-route';

export const resendAudienceContactsDelete = defineRoute(
  {
    ...resendAudience,
    id: 'resend-audience-contacts-delete',
    method: 'DELETE',
    path: '/resend/audiences/{id}/contacts/{id_or_email}',
    summary: 'Remove a contact from an audience (the older SDK form)',
    description:
      'Deletes its membership of the audience (list), as `contacts.segments.remove`; the contact and its other ' +
      'memberships stay (`contacts.remove` without an audience deletes the contact).',
    request: { params: audienceContactParams },
    response: resendContactDeleted,
    uses: ['contacts', 'subscribers'],
  },
  async ({ auth, params }, deps) => {
    const { contact, member } = await memberContact(deps, auth.account_id, params.id, params.id_or_email);
    if (!(await deps.subscribers.delete(member))) throw notFound('Contact in that audience');
    return { data: { object: 'contact' as const, contact: contact.id, deleted: true } };
  },
);

export default resendAudienceContactsDelete;
