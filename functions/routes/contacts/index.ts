export { contacts } from './area';
export { default as contactsCreate } from './contacts-create';
export { default as contactsList } from './contacts-list';
export { default as contactsGet } from './contacts-get';
export { default as contactsUpdate } from './contacts-update';
export { default as contactsDelete } from './contacts-delete';
export { default as contactPropertiesCreate } from './contact-properties-create';
export { default as contactPropertiesList } from './contact-properties-list';
export { default as contactPropertiesGet } from './contact-properties-get';
export { default as contactPropertiesUpdate } from './contact-properties-update';
export { default as contactPropertiesDelete } from './contact-properties-delete';
export { default as contactSegmentsList } from './contact-segments-list';
export { default as contactSegmentsAdd } from './contact-segments-add';
export { default as contactSegmentsRemove } from './contact-segments-remove';
export { default as topicsCreate } from './topics-create';
export { default as topicsList } from './topics-list';
export { default as topicsGet } from './topics-get';
export { default as topicsUpdate } from './topics-update';
export { default as topicsDelete } from './topics-delete';
export { default as contactTopicsList } from './contact-topics-list';
export { default as contactTopicsUpdate } from './contact-topics-update';
import contactsCreate from './contacts-create';
import contactsList from './contacts-list';
import contactsGet from './contacts-get';
import contactsUpdate from './contacts-update';
import contactsDelete from './contacts-delete';
import contactPropertiesCreate from './contact-properties-create';
import contactPropertiesList from './contact-properties-list';
import contactPropertiesGet from './contact-properties-get';
import contactPropertiesUpdate from './contact-properties-update';
import contactPropertiesDelete from './contact-properties-delete';
import contactSegmentsList from './contact-segments-list';
import contactSegmentsAdd from './contact-segments-add';
import contactSegmentsRemove from './contact-segments-remove';
import topicsCreate from './topics-create';
import topicsList from './topics-list';
import topicsGet from './topics-get';
import topicsUpdate from './topics-update';
import topicsDelete from './topics-delete';
import contactTopicsList from './contact-topics-list';
import contactTopicsUpdate from './contact-topics-update';
import type { AnyRoute } from '../define-route';

export const contactsRoutes: readonly AnyRoute[] = [
  contactsCreate,
  contactsList,
  contactsGet,
  contactsUpdate,
  contactsDelete,
  contactPropertiesCreate,
  contactPropertiesList,
  contactPropertiesGet,
  contactPropertiesUpdate,
  contactPropertiesDelete,
  contactSegmentsList,
  contactSegmentsAdd,
  contactSegmentsRemove,
  topicsCreate,
  topicsList,
  topicsGet,
  topicsUpdate,
  topicsDelete,
  contactTopicsList,
  contactTopicsUpdate,
];
