import { messageStatusParams, messageStatusResult, sendBatchBody, sendBatchResult, sendMailRequest, sendMailResult } from '../schemas/mail';
import { defineRoute, type RouteDefinition } from './define-route';

const mail = { tag: 'Mail', permission: 'mail' } as const;

export const mailSend = defineRoute({
  ...mail,
  id: 'mail-send',
  method: 'POST',
  path: '/api/v1/mail/send',
  summary: "Send one message now through the account's default provider; its content, or a stored template's rendered with `variables`",
  request: { body: sendMailRequest },
  response: sendMailResult,
  idempotent: true,
  aws: ['sendMail', 'providerSecrets', 'trackingSecret', 'webhookEvents'],
  errors: ['RECIPIENT_SUPPRESSED', 'FROM_NOT_ALLOWED', 'NOT_FOUND'],
});

export const mailSendBatch = defineRoute({
  ...mail,
  id: 'mail-send-batch',
  method: 'POST',
  path: '/api/v1/mail/send-batch',
  summary: 'Queue up to 100 messages (each its content or a template with variables); a scheduled drainer sends them at the provider rate',
  request: { body: sendBatchBody },
  response: sendBatchResult,
  idempotent: true,
  aws: ['enqueue'],
  errors: ['FROM_NOT_ALLOWED'],
});

export const mailStatus = defineRoute({
  ...mail,
  id: 'mail-status',
  method: 'GET',
  path: '/api/v1/mail/status/{message_id}',
  summary: 'Status and tracking events of a message (id URL-encoded, with or without angle brackets, or its uuid alone)',
  request: { params: messageStatusParams },
  response: messageStatusResult,
});

/** This file's routes, in the order the route table (index.ts) and the docs list them: a route defined above is added here. */
export const mailRoutes: readonly RouteDefinition[] = [mailSend, mailSendBatch, mailStatus];
