import { listAutomations, presentAutomation } from '../../domain/automations/automations';
import { pageNextTo, requireAnchored } from '../../domain/id-paging';
import { resendPageRequest } from '../../http/resend-paging';
import { resendListQuery } from '../../schemas/resend';
import { resendAutomationList } from '../../schemas/automations';
import * as z from 'zod/mini';
import { defineRoute } from '../define-route';
import { resendAutomations } from './area';

export const resendAutomationsList = defineRoute(
  {
    ...resendAutomations,
    id: 'resend-automations-list',
    method: 'GET',
    path: '/resend/automations',
    summary: "List the account's automations, newest first",
    description: 'An account has at most 100: the page is cut from the whole list.',
    request: { query: z.extend(resendListQuery, { status: z.optional(z.enum(['enabled', 'disabled'])) }) },
    response: resendAutomationList,
    uses: ['automations'],
  },
  async ({ auth, query }, deps) => {
    const request = resendPageRequest(query);
    const all = await listAutomations(deps, auth.account_id, query.status);
    const page = requireAnchored(
      pageNextTo(all, request, (a) => a.id),
      request,
    );
    return { data: { object: 'list' as const, has_more: page.has_more, data: page.items.map(presentAutomation) } };
  },
);

export default resendAutomationsList;
