import * as z from 'zod/mini';
import { idParams } from '../../schemas/audience';
import { resendListQuery } from '../../schemas/resend';
import { email } from '../../schemas/common';
import { listCampaignRecipients, RECIPIENT_TYPES } from '../../domain/campaigns/campaign-recipients';
import { MESSAGE_STATUSES } from '../../domain/types';
import { resendPageRequest } from '../../http/resend-paging';
import { campaigns } from './area';
import { defineRoute } from '../define-route';

const recipientsQuery = z.object({
  ...resendListQuery.shape,
  type: z.optional(z.enum(RECIPIENT_TYPES)),
  email: z.optional(email()),
});
const recipientsPage = z.object({
  recipients: z.array(
    z.object({
      id: z.string(),
      email: z.string(),
      status: z.enum(MESSAGE_STATUSES),
      opens: z.int(),
      clicks: z.int(),
    }),
  ),
  has_more: z.boolean(),
});

export const campaignsRecipients = defineRoute(
  {
    ...campaigns,
    id: 'campaigns-recipients',
    method: 'GET',
    path: '/api/v1/campaigns/{id}/recipients',
    summary: 'List the mail a campaign made, one per member of its list',
    description:
      'Each with its status and open and click counts; `id` is the member (subscriber). Newest member first, ' +
      'paged by member ids (`after`, `before`, `limit` up to 100; `has_more`); `type` keeps one kind (as ' +
      "Resend's broadcast recipients), `email` one member. A page may hold fewer than `limit`.",
    request: { params: idParams, query: recipientsQuery },
    response: recipientsPage,
    uses: ['campaigns'],
  },
  async ({ auth, params, query }, deps) => {
    const page = await listCampaignRecipients(deps, auth.account_id, params.id, {
      ...resendPageRequest(query),
      ...(query.type ? { type: query.type } : {}),
      ...(query.email ? { email: query.email } : {}),
    });
    return { data: { recipients: page.items, has_more: page.has_more } };
  },
);

export default campaignsRecipients;
