import { contactSegmentParams } from '../../schemas/contacts';
import { resendSegmentRemoved } from '../../schemas/resend-contacts';
import { removeContactFromSegment } from '../../domain/contacts/contact-segments';
import { audience } from './area';
import { defineRoute } from '../define-route';

export const resendContactSegmentsRemove = defineRoute(
  {
    ...audience,
    id: 'resend-contact-segments-remove',
    method: 'DELETE',
    path: '/resend/contacts/{id_or_email}/segments/{segment_id}',
    summary: 'Remove a contact from a segment (list)',
    description: 'Deletes its membership of the list; the contact stays.',
    request: { params: contactSegmentParams },
    response: resendSegmentRemoved,
    uses: ['contacts', 'subscribers'],
  },
  async ({ auth, params }, deps) => {
    await removeContactFromSegment(deps, auth.account_id, params.id_or_email, params.segment_id);
    return { data: { id: params.segment_id.toLowerCase(), deleted: true } };
  },
);

export default resendContactSegmentsRemove;
