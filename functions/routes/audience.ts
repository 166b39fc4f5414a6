import { deletedMessage } from '../schemas/common';
import {
  bounceCreated,
  bouncesPage,
  bouncesQuery,
  createBounceBody,
  createListBody,
  createSubscriberBody,
  idParams,
  listsPage,
  listsQuery,
  listView,
  subscriberCreated,
  subscribersPage,
  subscribersQuery,
  subscriberUpdated,
  subscriberView,
  updateListBody,
  updateSubscriberBody,
} from '../schemas/audience';
import { CONFIRM_PATH } from '../domain/audience/double-opt-in';
import { unsubscribeParams } from '../schemas/campaigns';
import { defineRoute, type RouteDefinition } from './define-route';

const subscribers = { tag: 'Subscribers', permission: 'subscribers' } as const;

export const listsCreate = defineRoute({
  ...subscribers,
  id: 'lists-create',
  method: 'POST',
  path: '/api/v1/lists',
  summary: 'Create a list',
  request: { body: createListBody },
  response: listView,
  successStatus: 201,
});

export const listsList = defineRoute({
  ...subscribers,
  id: 'lists-list',
  method: 'GET',
  path: '/api/v1/lists',
  summary: 'Lists, newest first',
  request: { query: listsQuery },
  response: listsPage,
});

export const listsGet = defineRoute({
  ...subscribers,
  id: 'lists-get',
  method: 'GET',
  path: '/api/v1/lists/{id}',
  summary: 'One list with its subscriber count',
  request: { params: idParams },
  response: listView,
});

export const listsUpdate = defineRoute({
  ...subscribers,
  id: 'lists-update',
  method: 'PUT',
  path: '/api/v1/lists/{id}',
  summary: 'Rename or describe a list',
  request: { params: idParams, body: updateListBody },
  response: listView,
});

export const listsDelete = defineRoute({
  ...subscribers,
  id: 'lists-delete',
  method: 'DELETE',
  path: '/api/v1/lists/{id}',
  summary:
    'Delete a list and its subscriptions (a list of more than 100 subscribers: they are removed in the background, the list is gone at once)',
  request: { params: idParams },
  response: deletedMessage,
  aws: ['jobs'],
  lambda: { timeoutSeconds: 29 },
});

export const subscribersCreate = defineRoute({
  ...subscribers,
  id: 'subscribers-create',
  method: 'POST',
  path: '/api/v1/subscribers',
  summary: 'Add a subscriber to a list ((list, email) is unique)',
  request: { body: createSubscriberBody },
  response: subscriberCreated,
  successStatus: 201,
  errors: ['NOT_FOUND', 'CONFLICT', 'NO_SMTP_PROVIDER'],
  // A double opt-in list's confirmation mail goes on the send queue; its link is signed.
  aws: ['enqueue', 'trackingSecret'],
});

export const subscribersList = defineRoute({
  ...subscribers,
  id: 'subscribers-list',
  method: 'GET',
  path: '/api/v1/subscribers',
  summary: 'Subscribers, newest first, by list and status; offset or cursor paging',
  request: { query: subscribersQuery },
  response: subscribersPage,
});

export const subscribersGet = defineRoute({
  ...subscribers,
  id: 'subscribers-get',
  method: 'GET',
  path: '/api/v1/subscribers/{id}',
  summary: 'One subscriber',
  request: { params: idParams },
  response: subscriberView,
});

export const subscribersUpdate = defineRoute({
  ...subscribers,
  id: 'subscribers-update',
  method: 'PUT',
  path: '/api/v1/subscribers/{id}',
  summary: 'Change name, status or metadata',
  request: { params: idParams, body: updateSubscriberBody },
  response: subscriberUpdated,
  errors: ['CONFLICT'],
});

export const subscribersDelete = defineRoute({
  ...subscribers,
  id: 'subscribers-delete',
  method: 'DELETE',
  path: '/api/v1/subscribers/{id}',
  summary: 'Delete a subscriber',
  request: { params: idParams },
  response: deletedMessage,
  errors: ['CONFLICT'],
});

export const bouncesList = defineRoute({
  ...subscribers,
  id: 'bounces-list',
  method: 'GET',
  path: '/api/v1/bounces',
  summary: 'Bounces and complaints, newest first',
  request: { query: bouncesQuery },
  response: bouncesPage,
});

export const bouncesCreate = defineRoute({
  ...subscribers,
  id: 'bounces-create',
  method: 'POST',
  path: '/api/v1/bounces',
  summary: 'Report a bounce; applies the subscriber and suppression rules',
  request: { body: createBounceBody },
  response: bounceCreated,
  successStatus: 201,
});

/**
 * The confirmation link of a double opt-in list's mail: public, the signed token names the
 * subscriber. GET only shows a page (mail scanners fetch every link), POST confirms.
 */
const confirmation = {
  tag: 'Subscribers',
  permission: null,
  path: `${CONFIRM_PATH}{token}`,
  request: { params: unsubscribeParams },
  rawResponse: 'text/html',
  readerLink: { expires: true },
  aws: ['trackingSecret'],
} as const;

export const confirmationPage = defineRoute({
  ...confirmation,
  id: 'confirmation-page',
  method: 'GET',
  summary: 'Double opt-in: a page naming the list with a Confirm button; changes nothing',
  table: { read: ['subscriber', 'list'] },
});

export const confirmationConfirm = defineRoute({
  ...confirmation,
  id: 'confirmation-confirm',
  method: 'POST',
  summary: 'Double opt-in: confirms the subscription the link names (valid 7 days) and answers a page saying so',
  table: { read: ['list'], write: ['subscriber'] },
});

/** This file's routes, in the order the route table (index.ts) and the docs list them: a route defined above is added here. */
export const audienceRoutes: readonly RouteDefinition[] = [
  listsCreate,
  listsList,
  listsGet,
  listsUpdate,
  listsDelete,
  subscribersCreate,
  subscribersList,
  subscribersGet,
  subscribersUpdate,
  subscribersDelete,
  bouncesList,
  bouncesCreate,
  confirmationPage,
  confirmationConfirm,
];
