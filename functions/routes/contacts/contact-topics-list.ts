import { contactParams } from '../../schemas/contacts';
import { contactTopicsAnswer } from '../../schemas/topics';
import { contactTopics } from '../../domain/contacts/topics';
import { contacts } from './area';
import { defineRoute } from '../define-route';

export const contactTopicsList = defineRoute(
  {
    ...contacts,
    id: 'contact-topics-list',
    method: 'GET',
    path: '/api/v1/contacts/{id_or_email}/topics',
    summary: "List every topic with the contact's subscription to it",
    description: "`subscription` is the contact's own choice, else the topic's `default_subscription`.",
    request: { params: contactParams },
    response: contactTopicsAnswer,
    uses: ['contacts', 'topics'],
  },
  async ({ auth, params }, deps) => ({
    data: { topics: await contactTopics(deps, auth.account_id, params.id_or_email) },
  }),
);

export default contactTopicsList;
