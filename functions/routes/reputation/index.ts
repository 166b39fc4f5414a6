export { default as statsGet } from './stats-get';
export { default as statsResume } from './stats-resume';
import statsGet from './stats-get';
import statsResume from './stats-resume';
import type { AnyRoute } from '../define-route';

/**
 * The area's routes, in the order the route table (../index.ts) and the docs list them: a new route module is added
 * here.
 */
export const reputationRoutes: readonly AnyRoute[] = [statsGet, statsResume];
