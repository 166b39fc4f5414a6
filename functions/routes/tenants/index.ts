export { tenantsArea } from './area';
export { default as tenantsCreate } from './tenants-create';
export { default as tenantsList } from './tenants-list';
export { default as tenantsGet } from './tenants-get';
export { default as tenantsUpdate } from './tenants-update';
export { default as tenantsDelete } from './tenants-delete';
import tenantsCreate from './tenants-create';
import tenantsList from './tenants-list';
import tenantsGet from './tenants-get';
import tenantsUpdate from './tenants-update';
import tenantsDelete from './tenants-delete';
import type { AnyRoute } from '../define-route';

/**
 * The area's routes, in the order the route table (../index.ts) and the docs list them: a new route module is added
 * here.
 */
export const tenantsRoutes: readonly AnyRoute[] = [
  tenantsCreate,
  tenantsList,
  tenantsGet,
  tenantsUpdate,
  tenantsDelete,
];
