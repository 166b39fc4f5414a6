import { inboundIdParams, inboundPage, inboundQuery, inboundView } from '../schemas/inbound';
import { defineRoute, type RouteDefinition } from './define-route';

/** Received mail (docs/promises.md, Inbound mail): the records, their large bodies and attachment links in the inbound bucket. */
const inbound = { tag: 'Inbound', permission: 'mail', table: { read: ['inbound'] }, aws: ['inboundMail'] } as const;

export const inboundList = defineRoute({
  ...inbound,
  id: 'inbound-list',
  method: 'GET',
  path: '/api/v1/inbound',
  summary: "Mail received at the account's inbound domains as summaries (no bodies), newest first; cursor paging",
  request: { query: inboundQuery },
  response: inboundPage,
});

export const inboundGet = defineRoute({
  ...inbound,
  id: 'inbound-get',
  method: 'GET',
  path: '/api/v1/inbound/{id}',
  summary: 'One received mail: bodies (by link when too large), headers, links to its attachments and raw mail',
  request: { params: inboundIdParams },
  response: inboundView,
});

export const inboundRoutes: readonly RouteDefinition[] = [inboundList, inboundGet];
