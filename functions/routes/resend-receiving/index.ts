export { resendReceiving } from './area';
export { default as resendReceivingList } from './resend-receiving-list';
export { default as resendReceivingGet } from './resend-receiving-get';
export { default as resendReceivingAttachmentsList } from './resend-receiving-attachments-list';
export { default as resendReceivingAttachmentsGet } from './resend-receiving-attachments-get';
import resendReceivingList from './resend-receiving-list';
import resendReceivingGet from './resend-receiving-get';
import resendReceivingAttachmentsList from './resend-receiving-attachments-list';
import resendReceivingAttachmentsGet from './resend-receiving-attachments-get';
import type { AnyRoute } from '../define-route';

/** The area's routes, in the order the route table and the docs list them. */
export const resendReceivingRoutes: readonly AnyRoute[] = [
  resendReceivingList,
  resendReceivingGet,
  resendReceivingAttachmentsList,
  resendReceivingAttachmentsGet,
];
