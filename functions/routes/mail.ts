import {
  cancelledMessage,
  rescheduleBody,
  rescheduledMessage,
  messageLogPage,
  messageLogQuery,
  messageStatusParams,
  messageStatusResult,
  sendBatchBody,
  sendBatchResult,
  sendMailRequest,
  sendMailResult,
} from '../schemas/mail';
import { defineRoute, type RouteDefinition } from './define-route';

const mail = { tag: 'Mail', permission: 'mail' } as const;
/** The send routes carry attachments (4 MiB decoded, ~5.4 MiB as base64): 6 MiB bodies (docs/promises.md). */
const SEND_BODY_BYTES = 6 * 1024 * 1024;

export const mailSend = defineRoute({
  ...mail,
  id: 'mail-send',
  method: 'POST',
  path: '/api/v1/mail/send',
  summary:
    "Send one message now through the account's default provider (or, with `scheduled_at`, accept it for later: 202 `scheduled`); its content, or a stored template's rendered with `variables`",
  request: { body: sendMailRequest },
  response: sendMailResult,
  alsoAnswers: [{ status: 202, when: 'Accepted for later: the request had `scheduled_at` (status `scheduled`)' }],
  maxBodyBytes: SEND_BODY_BYTES,
  lambda: { memoryMb: 512 },
  idempotent: true,
  aws: ['sendMail', 'providerSecrets', 'trackingSecret', 'webhookEvents', 'attachmentsPut'],
  errors: ['RECIPIENT_SUPPRESSED', 'FROM_NOT_ALLOWED', 'NOT_FOUND', 'TEMPLATE_TOO_COSTLY'],
});

export const mailSendBatch = defineRoute({
  ...mail,
  id: 'mail-send-batch',
  method: 'POST',
  path: '/api/v1/mail/send-batch',
  summary:
    'Queue up to 100 messages (each its content or a template with variables); a scheduled drainer sends them at the provider rate',
  request: { body: sendBatchBody },
  response: sendBatchResult,
  maxBodyBytes: SEND_BODY_BYTES,
  lambda: { memoryMb: 512 },
  idempotent: true,
  aws: ['enqueue', 'attachmentsPut'],
  errors: ['FROM_NOT_ALLOWED'],
});

export const mailStatus = defineRoute({
  ...mail,
  id: 'mail-status',
  method: 'GET',
  path: '/api/v1/mail/status/{message_id}',
  summary:
    'Status and tracking events of a message (id URL-encoded, with or without angle brackets, or its uuid alone)',
  request: { params: messageStatusParams },
  response: messageStatusResult,
});

export const mailList = defineRoute({
  ...mail,
  id: 'mail-list',
  method: 'GET',
  path: '/api/v1/mail',
  summary: 'The message log: messages newest first, filtered by status, recipient, tag and time (AND); cursor paging',
  request: { query: messageLogQuery },
  response: messageLogPage,
});

export const mailCancel = defineRoute({
  ...mail,
  id: 'mail-cancel',
  method: 'POST',
  path: '/api/v1/mail/{message_id}/cancel',
  summary: 'Cancel a scheduled or queued message: it never leaves (409 once the drainer took it, or for campaign mail)',
  request: { params: messageStatusParams },
  response: cancelledMessage,
  table: { write: ['message'] },
  aws: ['attachmentsDelete'],
  errors: ['CONFLICT'],
});

export const mailReschedule = defineRoute({
  ...mail,
  id: 'mail-reschedule',
  method: 'PATCH',
  path: '/api/v1/mail/{message_id}',
  summary:
    'Reschedule a scheduled message: it leaves within a minute after the new `scheduled_at`, never before (409 once it was released, sent or cancelled)',
  request: { params: messageStatusParams, body: rescheduleBody },
  response: rescheduledMessage,
  table: { write: ['message'] },
  errors: ['CONFLICT', 'NOT_FOUND'],
});

/** This file's routes, in the order the route table (index.ts) and the docs list them: a route defined above is added here. */
export const mailRoutes: readonly RouteDefinition[] = [
  mailSend,
  mailSendBatch,
  mailList,
  mailReschedule,
  mailCancel,
  mailStatus,
];
