export { templates } from './area';
export { default as templatesCreate } from './templates-create';
export { default as templatesList } from './templates-list';
export { default as templatesGet } from './templates-get';
export { default as templatesUpdate } from './templates-update';
export { default as templatesDelete } from './templates-delete';
export { default as templatesRender } from './templates-render';
export { default as templatesPublish } from './templates-publish';
export { default as templatesDuplicate } from './templates-duplicate';
import templatesCreate from './templates-create';
import templatesList from './templates-list';
import templatesGet from './templates-get';
import templatesUpdate from './templates-update';
import templatesDelete from './templates-delete';
import templatesRender from './templates-render';
import templatesPublish from './templates-publish';
import templatesDuplicate from './templates-duplicate';
import type { AnyRoute } from '../define-route';

export const templatesRoutes: readonly AnyRoute[] = [
  templatesCreate,
  templatesList,
  templatesGet,
  templatesUpdate,
  templatesDelete,
  templatesRender,
  templatesPublish,
  templatesDuplicate,
];
