import * as z from 'zod/mini';
import { defineRoute, type RouteDefinition } from './define-route';

export const health = defineRoute({
  id: 'health',
  method: 'GET',
  path: '/api/v1/health',
  summary: 'Liveness check; needs no API key',
  tag: 'System',
  permission: null,
  response: z.object({ status: z.literal('ok'), version: z.string() }),
});

export const openapi = defineRoute({
  id: 'openapi',
  method: 'GET',
  path: '/api/v1/openapi.json',
  summary: 'This API as an OpenAPI 3.1 document, generated from the route table',
  tag: 'System',
  permission: null,
  rawResponse: 'application/json',
});

export const docs = defineRoute({
  id: 'docs',
  method: 'GET',
  path: '/api/v1/docs',
  summary: 'This API as a reference page (HTML), self-contained: it loads nothing from anywhere',
  tag: 'System',
  permission: null,
  rawResponse: 'text/html',
  files: ['docs/reference.html.gz'],
});

/** This file's routes, in the order the route table (index.ts) and the docs list them: a route defined above is added here. */
export const systemRoutes: readonly RouteDefinition[] = [health, openapi, docs];
