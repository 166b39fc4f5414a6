import { messageStatusParams, messageStatusResult, sendBatchBody, sendBatchResult, sendMailBody, sendMailResult } from '../schemas/mail';
import { defineRoute } from './define-route';

export const mailSend = defineRoute({
  id: 'mail-send',
  method: 'POST',
  path: '/api/v1/mail/send',
  summary: "Send one message now through the account's default provider",
  tag: 'Mail',
  permission: 'mail',
  request: { body: sendMailBody },
  response: sendMailResult,
  idempotent: true,
  aws: ['sendMail', 'providerSecrets', 'trackingSecret'],
  errors: ['RECIPIENT_SUPPRESSED', 'FROM_NOT_ALLOWED'],
});

export const mailSendBatch = defineRoute({
  id: 'mail-send-batch',
  method: 'POST',
  path: '/api/v1/mail/send-batch',
  summary: 'Queue up to 100 messages; a scheduled drainer sends them at the provider rate',
  tag: 'Mail',
  permission: 'mail',
  request: { body: sendBatchBody },
  response: sendBatchResult,
  idempotent: true,
  aws: ['enqueue'],
  errors: ['FROM_NOT_ALLOWED'],
});

export const mailStatus = defineRoute({
  id: 'mail-status',
  method: 'GET',
  path: '/api/v1/mail/status/{message_id}',
  summary: 'Status and tracking events of a message (id URL-encoded, with or without angle brackets)',
  tag: 'Mail',
  permission: 'mail',
  request: { params: messageStatusParams },
  response: messageStatusResult,
});
