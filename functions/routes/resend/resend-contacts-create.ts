import { resendContactBody, resendContactRef } from '../../schemas/resend-contacts';
import { createContactInLists } from '../../domain/contacts/contact-lists';
import { validationError } from '../../domain/errors';
import { CREATE_IN_LISTS } from '../contacts/area';
import { audience } from './area';
import { defineRoute } from '../define-route';

export const resendContactsCreate = defineRoute(
  {
    ...audience,
    id: 'resend-contacts-create',
    method: 'POST',
    path: '/resend/contacts',
    summary: 'Create a contact',
    description: 'Unique by email in the account; each of `segments` (a list id) makes a membership. No `topics` yet.',
    request: { body: resendContactBody },
    response: resendContactRef,
    successStatus: 201,
    example: { email: 'ada@example.com', first_name: 'Ada' },
    uses: CREATE_IN_LISTS,
  },
  async ({ auth, body }, deps) => {
    if (Array.isArray(body.topics) ? body.topics.length : body.topics !== undefined && body.topics !== null)
      throw validationError([{ field: 'topics', message: 'Topics are not supported yet' }]);
    const contact = await createContactInLists(deps, auth.account_id, body);
    return { data: { object: 'contact' as const, id: contact.id } };
  },
);

export default resendContactsCreate;
