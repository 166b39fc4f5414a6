export { broadcasts } from './area';
export { default as resendBroadcastsCreate } from './resend-broadcasts-create';
export { default as resendBroadcastsList } from './resend-broadcasts-list';
export { default as resendBroadcastsGet } from './resend-broadcasts-get';
export { default as resendBroadcastsUpdate } from './resend-broadcasts-update';
export { default as resendBroadcastsDelete } from './resend-broadcasts-delete';
export { default as resendBroadcastsSend } from './resend-broadcasts-send';
export { default as resendBroadcastsCancel } from './resend-broadcasts-cancel';
export { default as resendBroadcastsDuplicate } from './resend-broadcasts-duplicate';
export { default as resendBroadcastsRecipients } from './resend-broadcasts-recipients';
export { default as resendBroadcastsClickedLinks } from './resend-broadcasts-clicked-links';
import resendBroadcastsCreate from './resend-broadcasts-create';
import resendBroadcastsList from './resend-broadcasts-list';
import resendBroadcastsGet from './resend-broadcasts-get';
import resendBroadcastsUpdate from './resend-broadcasts-update';
import resendBroadcastsDelete from './resend-broadcasts-delete';
import resendBroadcastsSend from './resend-broadcasts-send';
import resendBroadcastsCancel from './resend-broadcasts-cancel';
import resendBroadcastsDuplicate from './resend-broadcasts-duplicate';
import resendBroadcastsRecipients from './resend-broadcasts-recipients';
import resendBroadcastsClickedLinks from './resend-broadcasts-clicked-links';
import type { AnyRoute } from '../define-route';

/** The area's routes, in the order the route table (../index.ts) and the docs list them. */
export const resendBroadcastsRoutes: readonly AnyRoute[] = [
  resendBroadcastsCreate,
  resendBroadcastsList,
  resendBroadcastsGet,
  resendBroadcastsUpdate,
  resendBroadcastsDelete,
  resendBroadcastsSend,
  resendBroadcastsCancel,
  resendBroadcastsDuplicate,
  resendBroadcastsRecipients,
  resendBroadcastsClickedLinks,
];
