import { apiKeysCreate, apiKeysDelete, apiKeysList, providersCreate, providersDelete, providersGet, providersList, providersUpdate, webhookEndpointsCreate, webhookEndpointsDelete, webhookEndpointsList } from './admin';
import {
  bouncesCreate,
  bouncesList,
  listsCreate,
  listsDelete,
  listsGet,
  listsList,
  listsUpdate,
  subscribersCreate,
  subscribersDelete,
  subscribersGet,
  subscribersList,
  subscribersUpdate,
  confirmationPage,
  confirmationConfirm,
} from './audience';
import type { RouteDefinition } from './define-route';
import { mailSend, mailSendBatch, mailStatus } from './mail';
import { otpResend, otpSend, otpStatus, otpVerify } from './otp';
import { statsGet, statsResume } from './reputation';
import { webhooksMailgun, webhooksSendgrid, webhooksSes } from './receivers';
import { trackClick, trackOpen } from './tracking';
import { campaignsCancel, campaignsCreate, campaignsDelete, campaignsGet, campaignsList, campaignsSend, campaignsUpdate, unsubscribeConfirm, unsubscribePage } from './campaigns';
import { docs, health, openapi } from './system';
import { templatesCreate, templatesDelete, templatesGet, templatesList, templatesRender, templatesUpdate } from './templates';
import { consoleAsset, consolePage } from './console';
import { importsGet, listsImport } from './imports';
import { suppressionsCreate, suppressionsDelete, suppressionsList } from './suppressions';
import { domainsCreate, domainsDelete, domainsGet, domainsList, domainsUpdate, domainsVerify } from './domains';

/**
 * The route table: every HTTP route of the service, once. Read by the CDK stack (lib/), the local
 * server (local/) and the docs and OpenAPI generator. Handlers import their own entry directly, not
 * this table, so a function's bundle holds only its own schemas.
 */
export const routes: readonly RouteDefinition[] = [
  health,
  openapi,
  docs,
  consolePage,
  consoleAsset,
  mailSend,
  mailSendBatch,
  mailStatus,
  templatesCreate,
  templatesList,
  templatesGet,
  templatesUpdate,
  templatesDelete,
  templatesRender,
  statsGet,
  statsResume,
  trackOpen,
  trackClick,
  otpSend,
  otpVerify,
  otpResend,
  otpStatus,
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
  suppressionsList,
  suppressionsCreate,
  suppressionsDelete,
  listsImport,
  importsGet,
  campaignsCreate,
  campaignsList,
  campaignsGet,
  campaignsUpdate,
  campaignsDelete,
  campaignsSend,
  campaignsCancel,
  unsubscribePage,
  unsubscribeConfirm,
  confirmationPage,
  confirmationConfirm,
  webhooksSes,
  webhooksSendgrid,
  webhooksMailgun,
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
  domainsCreate,
  domainsList,
  domainsGet,
  domainsUpdate,
  domainsDelete,
  domainsVerify,
];
