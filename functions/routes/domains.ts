import { deletedMessage } from '../schemas/common';
import {
  createDomainBody,
  domainIdParams,
  domainsPage,
  domainsQuery,
  domainView,
  updateDomainBody,
} from '../schemas/domains';
import { defineRoute, type RouteDefinition } from './define-route';

const domains = { tag: 'Domains', permission: 'admin' } as const;
/** The domain's own items (in the account's partition) and the claims on names; nothing else of the table. */
const read = { read: ['domain'] } as const;
const write = { write: ['domain', 'domainName'] } as const;

export const domainsCreate = defineRoute({
  ...domains,
  id: 'domains-create',
  method: 'POST',
  path: '/api/v1/domains',
  summary: 'Add a sending domain: creates its SES identity (Easy DKIM) and answers the DNS records to publish',
  request: { body: createDomainBody },
  response: domainView,
  successStatus: 201,
  table: write,
  aws: ['sesIdentityCreate'],
  errors: ['CONFLICT', 'DOMAIN_LIMIT_REACHED'],
});

export const domainsList = defineRoute({
  ...domains,
  id: 'domains-list',
  method: 'GET',
  path: '/api/v1/domains',
  summary: "The account's sending domains, cursor-paged",
  request: { query: domainsQuery },
  response: domainsPage,
  table: read,
});

export const domainsGet = defineRoute({
  ...domains,
  id: 'domains-get',
  method: 'GET',
  path: '/api/v1/domains/{id}',
  summary: 'One sending domain with its records and their state at the last check',
  request: { params: domainIdParams },
  response: domainView,
  table: read,
});

export const domainsUpdate = defineRoute({
  ...domains,
  id: 'domains-update',
  method: 'PUT',
  path: '/api/v1/domains/{id}',
  summary: 'Change the fields given (for now `inbound`)',
  request: { params: domainIdParams, body: updateDomainBody },
  response: domainView,
  table: { write: ['domain'] },
});

export const domainsDelete = defineRoute({
  ...domains,
  id: 'domains-delete',
  method: 'DELETE',
  path: '/api/v1/domains/{id}',
  summary: 'Delete a sending domain and its SES identity',
  request: { params: domainIdParams },
  response: deletedMessage,
  table: write,
  aws: ['sesIdentityDelete'],
});

export const domainsVerify = defineRoute({
  ...domains,
  id: 'domains-verify',
  method: 'POST',
  path: '/api/v1/domains/{id}/verify',
  summary: "Look the domain's records up now and ask SES for its state; answers the domain",
  request: { params: domainIdParams },
  response: domainView,
  // A claim that did not verify within 72 hours is released here too: its identity deleted, its name freed.
  table: write,
  aws: ['sesIdentityRead', 'sesIdentityDelete'],
  errors: ['CONFLICT'],
});

export const domainsRoutes: readonly RouteDefinition[] = [
  domainsCreate,
  domainsList,
  domainsGet,
  domainsUpdate,
  domainsDelete,
  domainsVerify,
];
