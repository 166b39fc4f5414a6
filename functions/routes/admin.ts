import { apiKeyIdParams, apiKeyList, createApiKeyBody, createdApiKey } from '../schemas/api-keys';
import * as z from 'zod/mini';
import { deletedMessage } from '../schemas/common';
import { createProviderBody, providerIdParams, providerView, updateProviderBody } from '../schemas/providers';
import { defineRoute } from './define-route';

export const apiKeysCreate = defineRoute({
  id: 'api-keys-create',
  method: 'POST',
  path: '/api/v1/api-keys',
  summary: 'Create an API key; its value is shown in this answer only',
  tag: 'Admin',
  permission: 'admin',
  request: { body: createApiKeyBody },
  response: createdApiKey,
  successStatus: 201,
});

export const apiKeysList = defineRoute({
  id: 'api-keys-list',
  method: 'GET',
  path: '/api/v1/api-keys',
  summary: 'List the active API keys of the account (without their values)',
  tag: 'Admin',
  permission: 'admin',
  response: apiKeyList,
});

export const apiKeysDelete = defineRoute({
  id: 'api-keys-delete',
  method: 'DELETE',
  path: '/api/v1/api-keys/{id}',
  summary: 'Revoke an API key; it stops working within 60 seconds',
  tag: 'Admin',
  permission: 'admin',
  request: { params: apiKeyIdParams },
  response: deletedMessage,
});

export const providersCreate = defineRoute({
  id: 'providers-create',
  method: 'POST',
  path: '/api/v1/providers',
  summary: 'Add a sending provider (ses or smtp); the first one becomes the default',
  tag: 'Admin',
  permission: 'admin',
  request: { body: createProviderBody },
  response: providerView,
  successStatus: 201,
  aws: ['providerSecrets'],
});

export const providersList = defineRoute({
  id: 'providers-list',
  method: 'GET',
  path: '/api/v1/providers',
  summary: 'List providers (secrets masked)',
  tag: 'Admin',
  permission: 'admin',
  response: z.object({ providers: z.array(providerView) }),
});

export const providersGet = defineRoute({
  id: 'providers-get',
  method: 'GET',
  path: '/api/v1/providers/{id}',
  summary: 'Read one provider (secrets masked)',
  tag: 'Admin',
  permission: 'admin',
  request: { params: providerIdParams },
  response: providerView,
});

export const providersUpdate = defineRoute({
  id: 'providers-update',
  method: 'PUT',
  path: '/api/v1/providers/{id}',
  summary: 'Change the fields given; omitted secrets keep their stored value',
  tag: 'Admin',
  permission: 'admin',
  request: { params: providerIdParams, body: updateProviderBody },
  response: providerView,
  aws: ['providerSecrets'],
});

export const providersDelete = defineRoute({
  id: 'providers-delete',
  method: 'DELETE',
  path: '/api/v1/providers/{id}',
  summary: 'Delete a provider',
  tag: 'Admin',
  permission: 'admin',
  request: { params: providerIdParams },
  response: deletedMessage,
});
