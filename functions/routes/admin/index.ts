export { admin } from './area';
export { default as apiKeysCreate } from './api-keys-create';
export { default as apiKeysList } from './api-keys-list';
export { default as apiKeysUpdate } from './api-keys-update';
export { default as apiKeysDelete } from './api-keys-delete';
export { default as providersCreate } from './providers-create';
export { default as providersList } from './providers-list';
export { default as providersGet } from './providers-get';
export { default as providersUpdate } from './providers-update';
export { default as providersDelete } from './providers-delete';
export { default as webhookEndpointsCreate } from './webhook-endpoints-create';
export { default as webhookEndpointsList } from './webhook-endpoints-list';
export { default as webhookEndpointsUpdate } from './webhook-endpoints-update';
export { default as webhookEndpointsDelete } from './webhook-endpoints-delete';
export { default as webhookEndpointsRotateSecret } from './webhook-endpoints-rotate-secret';
export { default as webhookEventsList } from './webhook-events-list';
export { default as webhookEventsGet } from './webhook-events-get';
export { default as webhookEventAttemptsList } from './webhook-event-attempts-list';
export { default as webhookEventsReplay } from './webhook-events-replay';
import apiKeysCreate from './api-keys-create';
import apiKeysList from './api-keys-list';
import apiKeysUpdate from './api-keys-update';
import apiKeysDelete from './api-keys-delete';
import providersCreate from './providers-create';
import providersList from './providers-list';
import providersGet from './providers-get';
import providersUpdate from './providers-update';
import providersDelete from './providers-delete';
import webhookEndpointsCreate from './webhook-endpoints-create';
import webhookEndpointsList from './webhook-endpoints-list';
import webhookEndpointsGet from './webhook-endpoints-get';
import webhookEndpointsUpdate from './webhook-endpoints-update';
import webhookEndpointsDelete from './webhook-endpoints-delete';
import webhookEndpointsRotateSecret from './webhook-endpoints-rotate-secret';
import webhookEventsList from './webhook-events-list';
import webhookEventsGet from './webhook-events-get';
import webhookEventAttemptsList from './webhook-event-attempts-list';
import webhookEventsReplay from './webhook-events-replay';
import type { AnyRoute } from '../define-route';

/**
 * The area's routes, in the order the route table (../index.ts) and the docs list them: a new route module is added
 * here.
 */
export const adminRoutes: readonly AnyRoute[] = [
  apiKeysCreate,
  apiKeysList,
  apiKeysUpdate,
  apiKeysDelete,
  providersCreate,
  providersList,
  providersGet,
  providersUpdate,
  providersDelete,
  webhookEndpointsCreate,
  webhookEndpointsList,
  webhookEndpointsGet,
  webhookEndpointsUpdate,
  webhookEndpointsDelete,
  webhookEndpointsRotateSecret,
  webhookEventsList,
  webhookEventsGet,
  webhookEventAttemptsList,
  webhookEventsReplay,
];
