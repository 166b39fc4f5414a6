import { deletedMessage } from '../schemas/common';
import { idParams } from '../schemas/audience';
import {
  campaignSendResult,
  campaignsPage,
  campaignsQuery,
  campaignView,
  createCampaignBody,
  sendCampaignBody,
  unsubscribeParams,
  updateCampaignBody,
} from '../schemas/campaigns';
import { UNSUBSCRIBE_PATH } from '../domain/campaigns/unsubscribe';
import { defineRoute, type RouteDefinition } from './define-route';

const campaigns = { tag: 'Campaigns', permission: 'campaigns' } as const;

export const campaignsCreate = defineRoute({
  ...campaigns,
  id: 'campaigns-create',
  method: 'POST',
  path: '/api/v1/campaigns',
  summary:
    'Create a draft campaign to a list, with its own content or a stored template (template_id + variables); {{name}}, {{email}}, {{unsubscribe_url}} and {{metadata.<key>}} are filled per subscriber',
  request: { body: createCampaignBody },
  response: campaignView,
  successStatus: 201,
  errors: ['NOT_FOUND'],
});

export const campaignsList = defineRoute({
  ...campaigns,
  id: 'campaigns-list',
  method: 'GET',
  path: '/api/v1/campaigns',
  summary: 'Campaigns, newest first, with their stats; offset or cursor paging',
  request: { query: campaignsQuery },
  response: campaignsPage,
});

export const campaignsGet = defineRoute({
  ...campaigns,
  id: 'campaigns-get',
  method: 'GET',
  path: '/api/v1/campaigns/{id}',
  summary: 'One campaign with its status and stats',
  request: { params: idParams },
  response: campaignView,
});

export const campaignsUpdate = defineRoute({
  ...campaigns,
  id: 'campaigns-update',
  method: 'PUT',
  path: '/api/v1/campaigns/{id}',
  summary: 'Change a draft (409 once it is scheduled or sent)',
  request: { params: idParams, body: updateCampaignBody },
  response: campaignView,
  errors: ['CONFLICT'],
});

export const campaignsDelete = defineRoute({
  ...campaigns,
  id: 'campaigns-delete',
  method: 'DELETE',
  path: '/api/v1/campaigns/{id}',
  summary: 'Delete a draft (409 once it is scheduled or sent)',
  request: { params: idParams },
  response: deletedMessage,
  errors: ['CONFLICT'],
});

export const campaignsSend = defineRoute({
  ...campaigns,
  id: 'campaigns-send',
  method: 'POST',
  path: '/api/v1/campaigns/{id}/send',
  summary:
    'Send a draft to its list now, or at `send_at`: answers 202 at once, the fan-out runs in the background; a second send is 409',
  request: { params: idParams, body: sendCampaignBody, optionalBody: true },
  response: campaignSendResult,
  successStatus: 202,
  aws: ['jobs'],
  errors: ['NOT_FOUND', 'CONFLICT', 'NO_SMTP_PROVIDER', 'FROM_NOT_ALLOWED', 'SENDING_PAUSED'],
});

export const campaignsCancel = defineRoute({
  ...campaigns,
  id: 'campaigns-cancel',
  method: 'POST',
  path: '/api/v1/campaigns/{id}/cancel',
  summary: 'Stop a scheduled or sending campaign: what was sent stays sent, the rest is not sent',
  request: { params: idParams },
  response: campaignView,
  errors: ['CONFLICT'],
});

/**
 * The unsubscribe link of campaign mail: public (a reader, or their mail client for RFC 8058, follows
 * it with no key). The signed token names the subscriber. GET changes nothing, because mail scanners
 * fetch every link; POST (the one-click body `List-Unsubscribe=One-Click`, or the page's button) acts.
 */
const unsubscribe = {
  tag: 'Unsubscribe',
  permission: null,
  path: `${UNSUBSCRIBE_PATH}{token}`,
  request: { params: unsubscribeParams },
  rawResponse: 'text/html',
  readerLink: { expires: false },
  table: {
    read: ['subscriber', 'subscriberAddress', 'campaign', 'list', 'provider'],
    write: ['subscriber', 'viewBlock', 'campaignStats', 'firstHit', 'suppression'],
  },
  aws: ['trackingSecret'],
} as const;

export const unsubscribePage = defineRoute({
  ...unsubscribe,
  id: 'unsubscribe-page',
  method: 'GET',
  summary:
    'A confirmation page with an Unsubscribe button (a reader who already left is told so instead); changes nothing',
  table: 'read',
});

export const unsubscribeConfirm = defineRoute({
  ...unsubscribe,
  id: 'unsubscribe-confirm',
  method: 'POST',
  summary:
    'Unsubscribes the subscriber the link names from its list (RFC 8058 one-click: form body `List-Unsubscribe=One-Click`), or with `scope=all` from every list of the account (the address then suppressed as `unsubscribed`); answers a page saying so',
});

/** This file's routes, in the order the route table (index.ts) and the docs list them: a route defined above is added here. */
export const campaignsRoutes: readonly RouteDefinition[] = [
  campaignsCreate,
  campaignsList,
  campaignsGet,
  campaignsUpdate,
  campaignsDelete,
  campaignsSend,
  campaignsCancel,
  unsubscribePage,
  unsubscribeConfirm,
];
