import { contactParams } from '../../schemas/contacts';
import { topicChoices } from '../../schemas/topics';
import { resendContactTopicsUpdated } from '../../schemas/resend-topics';
import { setContactTopics } from '../../domain/contacts/topics';
import { audience } from './area';
import { defineRoute } from '../define-route';

export const resendContactTopicsUpdate = defineRoute(
  {
    ...audience,
    id: 'resend-contact-topics-update',
    method: 'PATCH',
    path: '/resend/contacts/{id_or_email}/topics',
    summary: "Set a contact's subscription to some topics",
    description:
      'The body is the array the SDK sends, `[{id, subscription}]`; each id must be a topic of the account ' +
      '(422 naming it, nothing changed).',
    request: { params: contactParams, body: topicChoices() },
    response: resendContactTopicsUpdated,
    example: [{ id: '0198c4a2-7d1e-7b3a-9f00-3c5e8a1b2c4d', subscription: 'opt_in' }],
    uses: ['contacts', 'topics', 'clock'],
  },
  async ({ auth, params, body }, deps) => {
    const contact = await setContactTopics(deps, auth.account_id, params.id_or_email, body);
    return { data: { id: contact.id } };
  },
);

export default resendContactTopicsUpdate;
