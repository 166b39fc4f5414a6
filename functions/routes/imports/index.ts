export { imports, MAX_IMPORT_BYTES } from './area';
export { default as listsImport } from './lists-import';
export { default as importsGet } from './imports-get';
import listsImport from './lists-import';
import importsGet from './imports-get';
import type { AnyRoute } from '../define-route';

/**
 * The area's routes, in the order the route table (../index.ts) and the docs list them: a new route module is added
 * here.
 */
export const importsRoutes: readonly AnyRoute[] = [listsImport, importsGet];
