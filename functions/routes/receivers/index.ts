export { receiver, RECEIVER_PATHS, receiverUrl } from './area';
export { default as webhooksSes } from './webhooks-ses';
export { default as webhooksSendgrid } from './webhooks-sendgrid';
export { default as webhooksMailgun } from './webhooks-mailgun';
import webhooksSes from './webhooks-ses';
import webhooksSendgrid from './webhooks-sendgrid';
import webhooksMailgun from './webhooks-mailgun';
import type { AnyRoute } from '../define-route';

/**
 * The area's routes, in the order the route table (../index.ts) and the docs list them: a new route module is added
 * here.
 */
export const receiversRoutes: readonly AnyRoute[] = [webhooksSes, webhooksSendgrid, webhooksMailgun];
