import { audienceParams, resendContactBody, resendContactRef } from '../../schemas/resend-contacts';
import { createContactInLists } from '../../domain/contacts/contact-lists';
import { CREATE_IN_LISTS } from '../contacts/area';
import { resendAudience } from './area';
import { defineRoute } from '../define-route';

export const resendAudienceContactsCreate = defineRoute(
  {
    ...resendAudience,
    id: 'resend-audience-contacts-create',
    method: 'POST',
    path: '/resend/audiences/{id}/contacts',
    summary: 'Create a contact in an audience (the older SDK form)',
    description:
      'As `POST /resend/contacts` with the audience as its one segment: the contact (unique by email in the ' +
      'account: a second is 409; join an existing one with `contacts.segments.add`) and its membership of the list.',
    request: { params: audienceParams, body: resendContactBody },
    response: resendContactRef,
    successStatus: 201,
    example: { email: 'ada@example.com', first_name: 'Ada' },
    uses: CREATE_IN_LISTS,
  },
  async ({ auth, params, body }, deps) => {
    const segments = [...(body.segments ?? []), { id: params.id }];
    const contact = await createContactInLists(deps, auth.account_id, { ...body, segments });
    return { data: { object: 'contact' as const, id: contact.id } };
  },
);

export default resendAudienceContactsCreate;
