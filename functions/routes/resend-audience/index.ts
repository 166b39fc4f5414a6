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
export { default as resendSegmentContactsList } from './resend-segment-contacts-list';
export { default as resendAudienceContactsCreate } from './resend-audience-contacts-create';
export { default as resendAudienceContactsList } from './resend-audience-contacts-list';
export { default as resendAudienceContactsGet } from './resend-audience-contacts-get';
export { default as resendAudienceContactsUpdate } from './resend-audience-contacts-update';
export { default as resendAudienceContactsDelete } from './resend-audience-contacts-delete';
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
import resendSegmentContactsList from './resend-segment-contacts-list';
import resendAudienceContactsCreate from './resend-audience-contacts-create';
import resendAudienceContactsList from './resend-audience-contacts-list';
import resendAudienceContactsGet from './resend-audience-contacts-get';
import resendAudienceContactsUpdate from './resend-audience-contacts-update';
import resendAudienceContactsDelete from './resend-audience-contacts-delete';
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
  resendSegmentContactsList,
  resendAudienceContactsCreate,
  resendAudienceContactsList,
  resendAudienceContactsGet,
  resendAudienceContactsUpdate,
  resendAudienceContactsDelete,
];
