import { resumeResult, statsQuery, statsResult } from '../schemas/reputation';
import { defineRoute, type RouteDefinition } from './define-route';

export const statsGet = defineRoute({
  id: 'stats-get',
  method: 'GET',
  path: '/api/v1/stats',
  summary: "The account's sending figures, bounce and complaint rates and warnings over the last `days` days",
  tag: 'Reputation',
  permission: 'mail',
  request: { query: statsQuery },
  response: statsResult,
  table: { read: ['stats', 'sendingBrake'] },
});

export const statsResume = defineRoute({
  id: 'stats-resume',
  method: 'POST',
  path: '/api/v1/stats/resume',
  summary: "Lift the reputation brake: the account's sending resumes and its queued mail goes out",
  tag: 'Reputation',
  permission: 'admin',
  response: resumeResult,
  table: { read: ['stats'], write: ['sendingBrake'] },
});

/** This file's routes, in the order the route table (index.ts) and the docs list them: a route defined above is added here. */
export const reputationRoutes: readonly RouteDefinition[] = [statsGet, statsResume];
