export { mail, SEND_BODY_BYTES } from './area';
export { default as mailSend } from './mail-send';
export { default as mailSendBatch } from './mail-send-batch';
export { default as mailList } from './mail-list';
export { default as mailReschedule } from './mail-reschedule';
export { default as mailCancel } from './mail-cancel';
export { default as mailStatus } from './mail-status';
import mailSend from './mail-send';
import mailSendBatch from './mail-send-batch';
import mailList from './mail-list';
import mailReschedule from './mail-reschedule';
import mailCancel from './mail-cancel';
import mailStatus from './mail-status';
import type { AnyRoute } from '../define-route';

/**
 * The area's routes, in the order the route table (../index.ts) and the docs list them: a new route module is added
 * here.
 */
export const mailRoutes: readonly AnyRoute[] = [
  mailSend,
  mailSendBatch,
  mailList,
  mailReschedule,
  mailCancel,
  mailStatus,
];
