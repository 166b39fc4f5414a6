import { contactSegmentAdded, contactSegmentParams } from '../../schemas/contacts';
import { addContactToSegment } from '../../domain/contacts/contact-segments';
import { contacts, CREATE_IN_LISTS } from './area';
import { defineRoute } from '../define-route';

export const contactSegmentsAdd = defineRoute(
  {
    ...contacts,
    id: 'contact-segments-add',
    method: 'POST',
    path: '/api/v1/contacts/{id_or_email}/segments/{segment_id}',
    summary: 'Add a contact to a list (segment)',
    description: 'A membership made as `POST /subscribers` makes it; 409 `CONFLICT` when it is a member already.',
    request: { params: contactSegmentParams },
    response: contactSegmentAdded,
    successStatus: 201,
    errors: ['NOT_FOUND', 'CONFLICT', 'NO_SMTP_PROVIDER'],
    uses: CREATE_IN_LISTS,
  },
  async ({ auth, params }, deps) => {
    const added = await addContactToSegment(deps, auth.account_id, params.id_or_email, params.segment_id);
    return { data: { id: params.segment_id.toLowerCase(), subscriber_id: added.subscriber_id } };
  },
);

export default contactSegmentsAdd;
