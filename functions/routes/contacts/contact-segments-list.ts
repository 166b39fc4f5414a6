import { contactParams, contactSegmentsAnswer } from '../../schemas/contacts';
import { contactSegments } from '../../domain/contacts/contact-segments';
import { contacts } from './area';
import { defineRoute } from '../define-route';

export const contactSegmentsList = defineRoute(
  {
    ...contacts,
    id: 'contact-segments-list',
    method: 'GET',
    path: '/api/v1/contacts/{id_or_email}/segments',
    summary: 'List the lists (segments) a contact is a member of',
    description: 'Its subscribers in every list, as lists, newest list first.',
    request: { params: contactParams },
    response: contactSegmentsAnswer,
    uses: ['contacts', 'subscribers', 'lists'],
  },
  async ({ auth, params }, deps) => ({
    data: { segments: await contactSegments(deps, auth.account_id, params.id_or_email) },
  }),
);

export default contactSegmentsList;
