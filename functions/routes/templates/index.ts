export { templates } from './area';
export { default as templatesCreate } from './templates-create';
export { default as templatesList } from './templates-list';
export { default as templatesGet } from './templates-get';
export { default as templatesUpdate } from './templates-update';
export { default as templatesDelete } from './templates-delete';
export { default as templatesRender } from './templates-render';
import templatesCreate from './templates-create';
import templatesList from './templates-list';
import templatesGet from './templates-get';
import templatesUpdate from './templates-update';
import templatesDelete from './templates-delete';
import templatesRender from './templates-render';
import type { AnyRoute } from '../define-route';

export const templatesRoutes: readonly AnyRoute[] = [
  templatesCreate,
  templatesList,
  templatesGet,
  templatesUpdate,
  templatesDelete,
  templatesRender,
];
