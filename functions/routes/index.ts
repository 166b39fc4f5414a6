import { apiKeysCreate, apiKeysDelete, apiKeysList, providersCreate, providersDelete, providersGet, providersList, providersUpdate } from './admin';
import type { RouteDefinition } from './define-route';
import { mailSend, mailSendBatch, mailStatus } from './mail';
import { otpResend, otpSend, otpStatus, otpVerify } from './otp';
import { health, openapi } from './system';

/**
 * The route table: every HTTP route of the service, once. Read by the CDK stack (lib/), the local
 * server (local/) and the docs and OpenAPI generator. Handlers import their own entry directly, not
 * this table, so a function's bundle holds only its own schemas.
 */
export const routes: readonly RouteDefinition[] = [
  health,
  openapi,
  mailSend,
  mailSendBatch,
  mailStatus,
  otpSend,
  otpVerify,
  otpResend,
  otpStatus,
  apiKeysCreate,
  apiKeysList,
  apiKeysDelete,
  providersCreate,
  providersList,
  providersGet,
  providersUpdate,
  providersDelete,
];
