import { deletedMessage } from '../schemas/common';
import {
  createSuppressionBody,
  suppressionParams,
  suppressionsPage,
  suppressionsQuery,
  suppressionView,
} from '../schemas/suppressions';
import { defineRoute, type RouteDefinition } from './define-route';

/** The account's suppression list in the open: what no send path reaches, and why (docs/promises.md). */
const suppressions = { tag: 'Suppressions', permission: 'subscribers' } as const;

export const suppressionsList = defineRoute({
  ...suppressions,
  id: 'suppressions-list',
  method: 'GET',
  path: '/api/v1/suppressions',
  summary:
    'Suppressed addresses in address order, by reason; cursor paging. With `Accept: text/csv`: CSV of up to 10,000 entries per answer, the next part named by the `X-Next-Cursor` header',
  request: { query: suppressionsQuery },
  response: suppressionsPage,
  csvResponse: true,
  table: { read: ['suppression'] },
});

export const suppressionsCreate = defineRoute({
  ...suppressions,
  id: 'suppressions-create',
  method: 'POST',
  path: '/api/v1/suppressions',
  summary: 'Suppress an address (`manual`); an address on the list already keeps its entry',
  request: { body: createSuppressionBody },
  response: suppressionView,
  successStatus: 201,
  table: { write: ['suppression'] },
});

export const suppressionsDelete = defineRoute({
  ...suppressions,
  id: 'suppressions-delete',
  method: 'DELETE',
  path: '/api/v1/suppressions/{email}',
  summary:
    'Let every send path reach the address again (URL-encoded); bounces and subscriber statuses keep their history',
  request: { params: suppressionParams },
  response: deletedMessage,
  errors: ['NOT_FOUND'],
  table: { write: ['suppression', 'address'] },
});

/** This file's routes, in the order the route table (index.ts) and the docs list them: a route defined above is added here. */
export const suppressionsRoutes: readonly RouteDefinition[] = [
  suppressionsList,
  suppressionsCreate,
  suppressionsDelete,
];
