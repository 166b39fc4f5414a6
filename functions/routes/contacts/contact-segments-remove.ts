import { deletedMessage } from '../../schemas/common';
import { contactSegmentParams } from '../../schemas/contacts';
import { removeContactFromSegment } from '../../domain/contacts/contact-segments';
import { contacts } from './area';
import { defineRoute } from '../define-route';

export const contactSegmentsRemove = defineRoute(
  {
    ...contacts,
    id: 'contact-segments-remove',
    method: 'DELETE',
    path: '/api/v1/contacts/{id_or_email}/segments/{segment_id}',
    summary: 'Remove a contact from a list (segment)',
    description: 'Deletes its subscriber in that list; the contact stays.',
    request: { params: contactSegmentParams },
    response: deletedMessage,
    uses: ['contacts', 'subscribers'],
  },
  async ({ auth, params }, deps) => {
    await removeContactFromSegment(deps, auth.account_id, params.id_or_email, params.segment_id);
    return { message: 'Membership deleted' };
  },
);

export default contactSegmentsRemove;
