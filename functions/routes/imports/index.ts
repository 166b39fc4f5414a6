export { imports, MAX_IMPORT_BYTES } from './area';
export { default as listsImport } from './lists-import';
export { default as importsGet } from './imports-get';
export { default as importsList } from './imports-list';
import listsImport from './lists-import';
import importsGet from './imports-get';
import importsList from './imports-list';
import type { AnyRoute } from '../define-route';

/**
 * The area's routes, in the order the route table (../index.ts) and the docs list them: a new route module is added
 * here.
 */
export const importsRoutes: readonly AnyRoute[] = [listsImport, importsGet, importsList];
