export { tracking } from './area';
export { default as trackOpen } from './track-open';
export { default as trackClick } from './track-click';
import trackOpen from './track-open';
import trackClick from './track-click';
import type { AnyRoute } from '../define-route';

/**
 * The area's routes, in the order the route table (../index.ts) and the docs list them: a new route module is added
 * here.
 */
export const trackingRoutes: readonly AnyRoute[] = [trackOpen, trackClick];
