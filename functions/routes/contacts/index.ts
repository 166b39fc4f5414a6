export { contacts } from './area';
export { default as contactsCreate } from './contacts-create';
export { default as contactsList } from './contacts-list';
export { default as contactsGet } from './contacts-get';
export { default as contactsUpdate } from './contacts-update';
export { default as contactsDelete } from './contacts-delete';
import contactsCreate from './contacts-create';
import contactsList from './contacts-list';
import contactsGet from './contacts-get';
import contactsUpdate from './contacts-update';
import contactsDelete from './contacts-delete';
import type { AnyRoute } from '../define-route';

export const contactsRoutes: readonly AnyRoute[] = [
  contactsCreate,
  contactsList,
  contactsGet,
  contactsUpdate,
  contactsDelete,
];
