export { resend, emails, admin, audience } from './area';
export { default as resendEmailsSend } from './resend-emails-send';
export { default as resendEmailsBatch } from './resend-emails-batch';
export { default as resendEmailsList } from './resend-emails-list';
export { default as resendEmailsGet } from './resend-emails-get';
export { default as resendEmailsUpdate } from './resend-emails-update';
export { default as resendEmailsCancel } from './resend-emails-cancel';
export { default as resendDomainsCreate } from './resend-domains-create';
export { default as resendDomainsList } from './resend-domains-list';
export { default as resendDomainsGet } from './resend-domains-get';
export { default as resendDomainsVerify } from './resend-domains-verify';
export { default as resendDomainsDelete } from './resend-domains-delete';
export { default as resendApiKeysCreate } from './resend-api-keys-create';
export { default as resendApiKeysList } from './resend-api-keys-list';
export { default as resendApiKeysDelete } from './resend-api-keys-delete';
export { default as resendContactsCreate } from './resend-contacts-create';
export { default as resendContactsList } from './resend-contacts-list';
export { default as resendContactsGet } from './resend-contacts-get';
export { default as resendContactsUpdate } from './resend-contacts-update';
export { default as resendContactsDelete } from './resend-contacts-delete';
export { default as resendContactPropertiesCreate } from './resend-contact-properties-create';
export { default as resendContactPropertiesList } from './resend-contact-properties-list';
export { default as resendContactPropertiesGet } from './resend-contact-properties-get';
export { default as resendContactPropertiesUpdate } from './resend-contact-properties-update';
export { default as resendContactPropertiesDelete } from './resend-contact-properties-delete';
export { default as resendContactSegmentsList } from './resend-contact-segments-list';
export { default as resendContactSegmentsAdd } from './resend-contact-segments-add';
export { default as resendContactSegmentsRemove } from './resend-contact-segments-remove';
import resendEmailsSend from './resend-emails-send';
import resendEmailsBatch from './resend-emails-batch';
import resendEmailsList from './resend-emails-list';
import resendEmailsGet from './resend-emails-get';
import resendEmailsUpdate from './resend-emails-update';
import resendEmailsCancel from './resend-emails-cancel';
import resendDomainsCreate from './resend-domains-create';
import resendDomainsList from './resend-domains-list';
import resendDomainsGet from './resend-domains-get';
import resendDomainsVerify from './resend-domains-verify';
import resendDomainsDelete from './resend-domains-delete';
import resendApiKeysCreate from './resend-api-keys-create';
import resendApiKeysList from './resend-api-keys-list';
import resendApiKeysDelete from './resend-api-keys-delete';
import resendContactsCreate from './resend-contacts-create';
import resendContactsList from './resend-contacts-list';
import resendContactsGet from './resend-contacts-get';
import resendContactsUpdate from './resend-contacts-update';
import resendContactsDelete from './resend-contacts-delete';
import resendContactPropertiesCreate from './resend-contact-properties-create';
import resendContactPropertiesList from './resend-contact-properties-list';
import resendContactPropertiesGet from './resend-contact-properties-get';
import resendContactPropertiesUpdate from './resend-contact-properties-update';
import resendContactPropertiesDelete from './resend-contact-properties-delete';
import resendContactSegmentsList from './resend-contact-segments-list';
import resendContactSegmentsAdd from './resend-contact-segments-add';
import resendContactSegmentsRemove from './resend-contact-segments-remove';
import type { AnyRoute } from '../define-route';

export const resendRoutes: readonly AnyRoute[] = [
  resendEmailsSend,
  resendEmailsBatch,
  resendEmailsList,
  resendEmailsGet,
  resendEmailsUpdate,
  resendEmailsCancel,
  resendDomainsCreate,
  resendDomainsList,
  resendDomainsGet,
  resendDomainsVerify,
  resendDomainsDelete,
  resendApiKeysCreate,
  resendApiKeysList,
  resendApiKeysDelete,
  resendContactsCreate,
  resendContactsList,
  resendContactsGet,
  resendContactsUpdate,
  resendContactsDelete,
  resendContactPropertiesCreate,
  resendContactPropertiesList,
  resendContactPropertiesGet,
  resendContactPropertiesUpdate,
  resendContactPropertiesDelete,
  resendContactSegmentsList,
  resendContactSegmentsAdd,
  resendContactSegmentsRemove,
];
