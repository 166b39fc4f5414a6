import {
  resendApiKeyBody,
  resendApiKeyCreated,
  resendApiKeyList,
  resendBatchBody,
  resendBatchCreated,
  resendCreated,
  resendDeleted,
  resendDomain,
  resendDomainBody,
  resendDomainList,
  resendEmail,
  resendEmailRef,
  resendEmailUpdateBody,
  resendEmailList,
  resendEmailView,
  resendId,
  resendListQuery,
} from '../schemas/resend';
import { defineRoute, type RouteDefinition } from './define-route';
import { mailCancel, mailReschedule, mailSend, mailSendBatch } from './mail';
import { domainsCreate, domainsDelete, domainsGet, domainsList, domainsVerify } from './domains';

/**
 * The Resend API's emails, domains and api-keys, in its shapes (`envelope: 'resend'`), so that the
 * official `resend` SDK works with RESEND_BASE_URL=<base>/resend (docs/promises.md "Resend-compatible
 * API"). Each route is one of the native use cases under another shape: the same permission, table
 * and AWS access as the native route it maps onto, so a Resend request costs no AWS call more.
 * What is not here under /resend (contacts, broadcasts, audiences, ...) is Resend's 404 `not_found`.
 */
const resend = { tag: 'Resend', envelope: 'resend' } as const;
const emails = { ...resend, permission: 'mail' } as const;
const admin = { ...resend, permission: 'admin' } as const;

export const resendEmailsSend = defineRoute({
  ...emails,
  id: 'resend-emails-send',
  method: 'POST',
  path: '/resend/emails',
  summary:
    'Resend: send one email now, or at `scheduled_at` (POST /api/v1/mail/send underneath); several `to` are one message, the others in Cc',
  request: { body: resendEmail },
  response: resendCreated,
  maxBodyBytes: mailSend.maxBodyBytes,
  lambda: mailSend.lambda,
  idempotent: true,
  aws: mailSend.aws,
  errors: mailSend.errors,
});

export const resendEmailsBatch = defineRoute({
  ...emails,
  id: 'resend-emails-batch',
  method: 'POST',
  path: '/resend/emails/batch',
  summary:
    'Resend: queue up to 100 emails (POST /api/v1/mail/send-batch underneath); `x-batch-validation: strict` (the default) refuses all for one bad email',
  request: { body: resendBatchBody },
  response: resendBatchCreated,
  maxBodyBytes: mailSendBatch.maxBodyBytes,
  lambda: mailSendBatch.lambda,
  idempotent: true,
  aws: mailSendBatch.aws,
  errors: [...mailSendBatch.errors, 'NOT_FOUND'],
});

export const resendEmailsList = defineRoute({
  ...emails,
  id: 'resend-emails-list',
  method: 'GET',
  path: '/resend/emails',
  summary:
    'Resend: the message log newest first (GET /api/v1/mail underneath), paged by email ids: `after` the last id of a page, `before` the first',
  request: { query: resendListQuery },
  response: resendEmailList,
});

export const resendEmailsGet = defineRoute({
  ...emails,
  id: 'resend-emails-get',
  method: 'GET',
  path: '/resend/emails/{id}',
  summary: 'Resend: one email by its id (the uuid of our Message-ID); html and text are null (bodies are not kept)',
  request: { params: resendId },
  response: resendEmailView,
});

export const resendEmailsUpdate = defineRoute({
  ...emails,
  id: 'resend-emails-update',
  method: 'PATCH',
  path: '/resend/emails/{id}',
  summary:
    'Resend: reschedule a scheduled email (PATCH /api/v1/mail/{id} underneath); once it was released, sent or cancelled, validation_error',
  request: { params: resendId, body: resendEmailUpdateBody, optionalBody: true },
  response: resendEmailRef,
  table: mailReschedule.table,
  errors: mailReschedule.errors,
});

export const resendEmailsCancel = defineRoute({
  ...emails,
  id: 'resend-emails-cancel',
  method: 'POST',
  path: '/resend/emails/{id}/cancel',
  summary:
    'Resend: cancel a scheduled (or still queued) email (POST /api/v1/mail/{id}/cancel underneath); once it left, validation_error',
  request: { params: resendId },
  response: resendEmailRef,
  table: mailCancel.table,
  aws: mailCancel.aws,
  errors: mailCancel.errors,
});

export const resendDomainsCreate = defineRoute({
  ...admin,
  id: 'resend-domains-create',
  method: 'POST',
  path: '/resend/domains',
  summary: 'Resend: add a sending domain (POST /api/v1/domains underneath); its region is the deployment’s',
  request: { body: resendDomainBody },
  response: resendDomain,
  successStatus: 201,
  table: domainsCreate.table,
  aws: domainsCreate.aws,
  errors: domainsCreate.errors,
});

export const resendDomainsList = defineRoute({
  ...admin,
  id: 'resend-domains-list',
  method: 'GET',
  path: '/resend/domains',
  summary:
    "Resend: the account's sending domains in the order of their ids, paged by domain ids (`after`, `before`; `limit` up to 100)",
  request: { query: resendListQuery },
  response: resendDomainList,
  table: domainsList.table,
});

export const resendDomainsGet = defineRoute({
  ...admin,
  id: 'resend-domains-get',
  method: 'GET',
  path: '/resend/domains/{id}',
  summary: 'Resend: one sending domain with its records',
  request: { params: resendId },
  response: resendDomain,
  table: domainsGet.table,
});

export const resendDomainsVerify = defineRoute({
  ...admin,
  id: 'resend-domains-verify',
  method: 'POST',
  path: '/resend/domains/{id}/verify',
  summary: "Resend: look the domain's records up now and ask SES for its state",
  request: { params: resendId },
  response: resendDomain,
  table: domainsVerify.table,
  aws: domainsVerify.aws,
  errors: domainsVerify.errors,
});

export const resendDomainsDelete = defineRoute({
  ...admin,
  id: 'resend-domains-delete',
  method: 'DELETE',
  path: '/resend/domains/{id}',
  summary: 'Resend: delete a sending domain and its SES identity',
  request: { params: resendId },
  response: resendDeleted('domain'),
  table: domainsDelete.table,
  aws: domainsDelete.aws,
});

export const resendApiKeysCreate = defineRoute({
  ...admin,
  id: 'resend-api-keys-create',
  method: 'POST',
  path: '/resend/api-keys',
  summary:
    "Resend: create an API key: `full_access` holds the creating key's permissions, `sending_access` only `mail`",
  request: { body: resendApiKeyBody },
  response: resendApiKeyCreated,
  successStatus: 201,
});

export const resendApiKeysList = defineRoute({
  ...admin,
  id: 'resend-api-keys-list',
  method: 'GET',
  path: '/resend/api-keys',
  summary:
    'Resend: the active API keys of the account, newest first (without their values), paged by key ids (`after`, `before`)',
  request: { query: resendListQuery },
  response: resendApiKeyList,
});

export const resendApiKeysDelete = defineRoute({
  ...admin,
  id: 'resend-api-keys-delete',
  method: 'DELETE',
  path: '/resend/api-keys/{id}',
  summary: 'Resend: revoke an API key; it stops working within 60 seconds',
  request: { params: resendId },
  response: resendDeleted('api_key'),
});

export const resendRoutes: readonly RouteDefinition[] = [
  resendEmailsSend,
  resendEmailsBatch,
  resendEmailsList,
  resendEmailsGet,
  resendEmailsUpdate,
  resendEmailsCancel,
  resendDomainsCreate,
  resendDomainsList,
  resendDomainsGet,
  resendDomainsVerify,
  resendDomainsDelete,
  resendApiKeysCreate,
  resendApiKeysList,
  resendApiKeysDelete,
];
