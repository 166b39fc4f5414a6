export { resendWebhooks } from './area';
export { default as resendWebhooksCreate } from './resend-webhooks-create';
export { default as resendWebhooksList } from './resend-webhooks-list';
export { default as resendWebhooksGet } from './resend-webhooks-get';
export { default as resendWebhooksUpdate } from './resend-webhooks-update';
export { default as resendWebhooksDelete } from './resend-webhooks-delete';
export { default as resendWebhooksRotateSecret } from './resend-webhooks-rotate-secret';
export { default as resendWebhookEventsList } from './resend-webhook-events-list';
export { default as resendWebhookEventsGet } from './resend-webhook-events-get';
export { default as resendWebhookEventsReplay } from './resend-webhook-events-replay';
export { default as resendWebhookEventAttemptsList } from './resend-webhook-event-attempts-list';
import resendWebhooksCreate from './resend-webhooks-create';
import resendWebhooksList from './resend-webhooks-list';
import resendWebhooksGet from './resend-webhooks-get';
import resendWebhooksUpdate from './resend-webhooks-update';
import resendWebhooksDelete from './resend-webhooks-delete';
import resendWebhooksRotateSecret from './resend-webhooks-rotate-secret';
import resendWebhookEventsList from './resend-webhook-events-list';
import resendWebhookEventsGet from './resend-webhook-events-get';
import resendWebhookEventsReplay from './resend-webhook-events-replay';
import resendWebhookEventAttemptsList from './resend-webhook-event-attempts-list';
import type { AnyRoute } from '../define-route';

/** The area's routes, in the order the route table and the docs list them. */
export const resendWebhooksRoutes: readonly AnyRoute[] = [
  resendWebhooksCreate,
  resendWebhooksList,
  resendWebhooksGet,
  resendWebhooksUpdate,
  resendWebhooksDelete,
  resendWebhooksRotateSecret,
  resendWebhookEventsList,
  resendWebhookEventsGet,
  resendWebhookEventsReplay,
  resendWebhookEventAttemptsList,
];
