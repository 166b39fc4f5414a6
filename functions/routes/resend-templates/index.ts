export { resendTemplates } from './area';
export { default as resendTemplatesCreate } from './resend-templates-create';
export { default as resendTemplatesList } from './resend-templates-list';
export { default as resendTemplatesGet } from './resend-templates-get';
export { default as resendTemplatesUpdate } from './resend-templates-update';
export { default as resendTemplatesDelete } from './resend-templates-delete';
export { default as resendTemplatesPublish } from './resend-templates-publish';
export { default as resendTemplatesDuplicate } from './resend-templates-duplicate';
import resendTemplatesCreate from './resend-templates-create';
import resendTemplatesList from './resend-templates-list';
import resendTemplatesGet from './resend-templates-get';
import resendTemplatesUpdate from './resend-templates-update';
import resendTemplatesDelete from './resend-templates-delete';
import resendTemplatesPublish from './resend-templates-publish';
import resendTemplatesDuplicate from './resend-templates-duplicate';
import type { AnyRoute } from '../define-route';

/** The area's routes, in the order the route table and the docs list them. */
export const resendTemplatesRoutes: readonly AnyRoute[] = [
  resendTemplatesCreate,
  resendTemplatesList,
  resendTemplatesGet,
  resendTemplatesUpdate,
  resendTemplatesDelete,
  resendTemplatesPublish,
  resendTemplatesDuplicate,
];
