export { resendSuppressions } from './area';
export { default as resendSuppressionsCreate } from './resend-suppressions-create';
export { default as resendSuppressionsList } from './resend-suppressions-list';
export { default as resendSuppressionsGet } from './resend-suppressions-get';
export { default as resendSuppressionsDelete } from './resend-suppressions-delete';
export { default as resendSuppressionsBatchAdd } from './resend-suppressions-batch-add';
export { default as resendSuppressionsBatchRemove } from './resend-suppressions-batch-remove';
import resendSuppressionsCreate from './resend-suppressions-create';
import resendSuppressionsList from './resend-suppressions-list';
import resendSuppressionsGet from './resend-suppressions-get';
import resendSuppressionsDelete from './resend-suppressions-delete';
import resendSuppressionsBatchAdd from './resend-suppressions-batch-add';
import resendSuppressionsBatchRemove from './resend-suppressions-batch-remove';
import type { AnyRoute } from '../define-route';

/** The area's routes, in the order the route table and the docs list them. */
export const resendSuppressionsRoutes: readonly AnyRoute[] = [
  resendSuppressionsCreate,
  resendSuppressionsList,
  resendSuppressionsGet,
  resendSuppressionsDelete,
  resendSuppressionsBatchAdd,
  resendSuppressionsBatchRemove,
];
