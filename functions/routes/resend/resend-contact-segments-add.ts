import { contactSegmentParams } from '../../schemas/contacts';
import { resendSegmentAdded } from '../../schemas/resend-contacts';
import { addContactToSegment } from '../../domain/contacts/contact-segments';
import { CREATE_IN_LISTS } from '../contacts/area';
import { audience } from './area';
import { defineRoute } from '../define-route';

export const resendContactSegmentsAdd = defineRoute(
  {
    ...audience,
    id: 'resend-contact-segments-add',
    method: 'POST',
    path: '/resend/contacts/{id_or_email}/segments/{segment_id}',
    summary: 'Add a contact to a segment (list)',
    description: 'A membership of the list, as `POST /api/v1/subscribers` makes it.',
    request: { params: contactSegmentParams },
    response: resendSegmentAdded,
    successStatus: 201,
    uses: CREATE_IN_LISTS,
  },
  async ({ auth, params }, deps) => {
    await addContactToSegment(deps, auth.account_id, params.id_or_email, params.segment_id);
    return { data: { id: params.segment_id.toLowerCase() } };
  },
);

export default resendContactSegmentsAdd;
