export { subscribers, confirmation } from './area';
export { default as listsCreate } from './lists-create';
export { default as listsList } from './lists-list';
export { default as listsGet } from './lists-get';
export { default as listsUpdate } from './lists-update';
export { default as listsDelete } from './lists-delete';
export { default as subscribersCreate } from './subscribers-create';
export { default as subscribersList } from './subscribers-list';
export { default as subscribersGet } from './subscribers-get';
export { default as subscribersUpdate } from './subscribers-update';
export { default as subscribersDelete } from './subscribers-delete';
export { default as bouncesList } from './bounces-list';
export { default as bouncesCreate } from './bounces-create';
export { default as confirmationPage } from './confirmation-page';
export { default as confirmationConfirm } from './confirmation-confirm';
import listsCreate from './lists-create';
import listsList from './lists-list';
import listsGet from './lists-get';
import listsUpdate from './lists-update';
import listsDelete from './lists-delete';
import subscribersCreate from './subscribers-create';
import subscribersList from './subscribers-list';
import subscribersGet from './subscribers-get';
import subscribersUpdate from './subscribers-update';
import subscribersDelete from './subscribers-delete';
import bouncesList from './bounces-list';
import bouncesCreate from './bounces-create';
import confirmationPage from './confirmation-page';
import confirmationConfirm from './confirmation-confirm';
import type { AnyRoute } from '../define-route';

/**
 * The area's routes, in the order the route table (../index.ts) and the docs list them: a new route module is added
 * here.
 */
export const audienceRoutes: readonly AnyRoute[] = [
  listsCreate,
  listsList,
  listsGet,
  listsUpdate,
  listsDelete,
  subscribersCreate,
  subscribersList,
  subscribersGet,
  subscribersUpdate,
  subscribersDelete,
  bouncesList,
  bouncesCreate,
  confirmationPage,
  confirmationConfirm,
];
