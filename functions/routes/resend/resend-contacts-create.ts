import { resendContactBody, resendContactRef } from '../../schemas/resend-contacts';
import { createContactInLists } from '../../domain/contacts/contact-lists';
import { contactCreated } from '../../domain/automations/service-events';
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
    description:
      'Unique by email in the account; each of `segments` (a list id) makes a membership; `topics` are its choices ' +
      '(`{id, subscription}`, each a topic of the account). The enabled automations triggered by `contact.created` ' +
      'start a run for it.',
    request: { body: resendContactBody },
    response: resendContactRef,
    successStatus: 201,
    example: { email: 'ada@example.com', first_name: 'Ada' },
    uses: [...CREATE_IN_LISTS, 'automations'],
  },
  async ({ auth, body }, deps) => {
    const contact = await createContactInLists(deps, auth.account_id, body);
    await contactCreated(deps, contact);
    return { data: { object: 'contact' as const, id: contact.id } };
  },
);

export default resendContactsCreate;
