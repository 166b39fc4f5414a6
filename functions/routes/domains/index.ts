export { domains, read, write } from './area';
export { default as domainsCreate } from './domains-create';
export { default as domainsList } from './domains-list';
export { default as domainsGet } from './domains-get';
export { default as domainsUpdate } from './domains-update';
export { default as domainsDelete } from './domains-delete';
export { default as domainsVerify } from './domains-verify';
import domainsCreate from './domains-create';
import domainsList from './domains-list';
import domainsGet from './domains-get';
import domainsUpdate from './domains-update';
import domainsDelete from './domains-delete';
import domainsVerify from './domains-verify';
import type { AnyRoute } from '../define-route';

export const domainsRoutes: readonly AnyRoute[] = [
  domainsCreate,
  domainsList,
  domainsGet,
  domainsUpdate,
  domainsDelete,
  domainsVerify,
];
