import { apiKeyIdParams, apiKeyList, createApiKeyBody, createdApiKey } from '../schemas/api-keys';
import * as z from 'zod/mini';
import { deletedMessage } from '../schemas/common';
import { createProviderBody, providerIdParams, providerView, updateProviderBody } from '../schemas/providers';
import {
  createdWebhookEndpoint,
  createWebhookEndpointBody,
  webhookEndpointIdParams,
  webhookEndpointList,
} from '../schemas/webhooks';
import { defineRoute, type RouteDefinition } from './define-route';

const admin = { tag: 'Admin', permission: 'admin' } as const;

export const apiKeysCreate = defineRoute({
  ...admin,
  id: 'api-keys-create',
  method: 'POST',
  path: '/api/v1/api-keys',
  summary: 'Create an API key; its value is shown in this answer only',
  request: { body: createApiKeyBody },
  response: createdApiKey,
  successStatus: 201,
});

export const apiKeysList = defineRoute({
  ...admin,
  id: 'api-keys-list',
  method: 'GET',
  path: '/api/v1/api-keys',
  summary: 'List the active API keys of the account (without their values)',
  response: apiKeyList,
});

export const apiKeysDelete = defineRoute({
  ...admin,
  id: 'api-keys-delete',
  method: 'DELETE',
  path: '/api/v1/api-keys/{id}',
  summary: 'Revoke an API key; it stops working within 60 seconds',
  request: { params: apiKeyIdParams },
  response: deletedMessage,
});

export const providersCreate = defineRoute({
  ...admin,
  id: 'providers-create',
  method: 'POST',
  path: '/api/v1/providers',
  summary: 'Add a sending provider (ses or smtp); the first one becomes the default',
  request: { body: createProviderBody },
  response: providerView,
  successStatus: 201,
  aws: ['providerSecrets'],
  // A from_email or allowed_from_domains at a domain another account registered (sender-claims.ts).
  errors: ['FROM_NOT_ALLOWED'],
});

export const providersList = defineRoute({
  ...admin,
  id: 'providers-list',
  method: 'GET',
  path: '/api/v1/providers',
  summary: 'List providers (secrets masked)',
  response: z.object({ providers: z.array(providerView) }),
});

export const providersGet = defineRoute({
  ...admin,
  id: 'providers-get',
  method: 'GET',
  path: '/api/v1/providers/{id}',
  summary: 'Read one provider (secrets masked)',
  request: { params: providerIdParams },
  response: providerView,
});

export const providersUpdate = defineRoute({
  ...admin,
  id: 'providers-update',
  method: 'PUT',
  path: '/api/v1/providers/{id}',
  summary: 'Change the fields given; omitted secrets keep their stored value',
  request: { params: providerIdParams, body: updateProviderBody },
  response: providerView,
  aws: ['providerSecrets'],
  // A from_email or allowed_from_domains at a domain another account registered (sender-claims.ts).
  errors: ['FROM_NOT_ALLOWED'],
});

export const providersDelete = defineRoute({
  ...admin,
  id: 'providers-delete',
  method: 'DELETE',
  path: '/api/v1/providers/{id}',
  summary: 'Delete a provider',
  request: { params: providerIdParams },
  response: deletedMessage,
});

export const webhookEndpointsCreate = defineRoute({
  ...admin,
  id: 'webhook-endpoints-create',
  method: 'POST',
  path: '/api/v1/webhook-endpoints',
  summary: 'Add an endpoint for outbound events; its signing secret is shown in this answer only',
  request: { body: createWebhookEndpointBody },
  response: createdWebhookEndpoint,
  successStatus: 201,
  errors: ['CONFLICT'],
  aws: ['providerSecrets'],
});

export const webhookEndpointsList = defineRoute({
  ...admin,
  id: 'webhook-endpoints-list',
  method: 'GET',
  path: '/api/v1/webhook-endpoints',
  summary: 'List the webhook endpoints of the account (without their secrets)',
  response: webhookEndpointList,
});

export const webhookEndpointsDelete = defineRoute({
  ...admin,
  id: 'webhook-endpoints-delete',
  method: 'DELETE',
  path: '/api/v1/webhook-endpoints/{id}',
  summary: 'Delete a webhook endpoint; it gets no further deliveries, retries included',
  request: { params: webhookEndpointIdParams },
  response: deletedMessage,
});

/** This file's routes, in the order the route table (index.ts) and the docs list them: a route defined above is added here. */
export const adminRoutes: readonly RouteDefinition[] = [
  apiKeysCreate,
  apiKeysList,
  apiKeysDelete,
  providersCreate,
  providersList,
  providersGet,
  providersUpdate,
  providersDelete,
  webhookEndpointsCreate,
  webhookEndpointsList,
  webhookEndpointsDelete,
];
