export { default as health } from './health';
export { default as openapi } from './openapi';
export { default as docs } from './docs';
import health from './health';
import openapi from './openapi';
import docs from './docs';
import type { AnyRoute } from '../define-route';

/**
 * The area's routes, in the order the route table (../index.ts) and the docs list them: a new route module is added
 * here.
 */
export const systemRoutes: readonly AnyRoute[] = [health, openapi, docs];
