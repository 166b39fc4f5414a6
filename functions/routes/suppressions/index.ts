export { suppressions } from './area';
export { default as suppressionsList } from './suppressions-list';
export { default as suppressionsGet } from './suppressions-get';
export { default as suppressionsCreate } from './suppressions-create';
export { default as suppressionsDelete } from './suppressions-delete';
import suppressionsList from './suppressions-list';
import suppressionsGet from './suppressions-get';
import suppressionsCreate from './suppressions-create';
import suppressionsDelete from './suppressions-delete';
import type { AnyRoute } from '../define-route';

/**
 * The area's routes, in the order the route table (../index.ts) and the docs list them: a new route module is added
 * here.
 */
export const suppressionsRoutes: readonly AnyRoute[] = [
  suppressionsList,
  suppressionsGet,
  suppressionsCreate,
  suppressionsDelete,
];
