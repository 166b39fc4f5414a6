import { contactParams } from '../../schemas/contacts';
import { contactTopicsAnswer, contactTopicsBody } from '../../schemas/topics';
import { contactTopics, setContactTopics } from '../../domain/contacts/topics';
import { contacts } from './area';
import { defineRoute } from '../define-route';

export const contactTopicsUpdate = defineRoute(
  {
    ...contacts,
    id: 'contact-topics-update',
    method: 'PATCH',
    path: '/api/v1/contacts/{id_or_email}/topics',
    summary: "Set a contact's subscription to some topics",
    description:
      'Each of `topics` (`{id, subscription: opt_in | opt_out}`) must be a topic of the account (400 naming it, ' +
      "nothing changed); topics left out keep the contact's choice. Answers every topic as the list does.",
    request: { params: contactParams, body: contactTopicsBody },
    response: contactTopicsAnswer,
    errors: ['CONFLICT'],
    example: { topics: [{ id: '0198c4a2-7d1e-7b3a-9f00-3c5e8a1b2c4d', subscription: 'opt_out' }] },
    uses: ['contacts', 'topics', 'clock'],
  },
  async ({ auth, params, body }, deps) => {
    await setContactTopics(deps, auth.account_id, params.id_or_email, body.topics);
    return { data: { topics: await contactTopics(deps, auth.account_id, params.id_or_email) } };
  },
);

export default contactTopicsUpdate;
