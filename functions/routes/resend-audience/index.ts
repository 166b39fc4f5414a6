export { resendAudience } from './area';
export { default as resendSegmentsCreate } from './resend-segments-create';
export { default as resendSegmentsList } from './resend-segments-list';
export { default as resendSegmentsGet } from './resend-segments-get';
export { default as resendSegmentsUpdate } from './resend-segments-update';
export { default as resendSegmentsDelete } from './resend-segments-delete';
export { default as resendAudiencesCreate } from './resend-audiences-create';
export { default as resendAudiencesList } from './resend-audiences-list';
export { default as resendAudiencesGet } from './resend-audiences-get';
export { default as resendAudiencesDelete } from './resend-audiences-delete';
export { default as resendContactImportsCreate } from './resend-contact-imports-create';
export { default as resendContactImportsList } from './resend-contact-imports-list';
export { default as resendContactImportsGet } from './resend-contact-imports-get';
import resendSegmentsCreate from './resend-segments-create';
import resendSegmentsList from './resend-segments-list';
import resendSegmentsGet from './resend-segments-get';
import resendSegmentsUpdate from './resend-segments-update';
import resendSegmentsDelete from './resend-segments-delete';
import resendAudiencesCreate from './resend-audiences-create';
import resendAudiencesList from './resend-audiences-list';
import resendAudiencesGet from './resend-audiences-get';
import resendAudiencesDelete from './resend-audiences-delete';
import resendContactImportsCreate from './resend-contact-imports-create';
import resendContactImportsList from './resend-contact-imports-list';
import resendContactImportsGet from './resend-contact-imports-get';
import type { AnyRoute } from '../define-route';

/** The area's routes, in the order the route table and the docs list them. */
export const resendAudienceRoutes: readonly AnyRoute[] = [
  resendSegmentsCreate,
  resendSegmentsList,
  resendSegmentsGet,
  resendSegmentsUpdate,
  resendSegmentsDelete,
  resendAudiencesCreate,
  resendAudiencesList,
  resendAudiencesGet,
  resendAudiencesDelete,
  resendContactImportsCreate,
  resendContactImportsList,
  resendContactImportsGet,
];
