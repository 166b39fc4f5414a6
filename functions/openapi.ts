import * as z from 'zod/mini';
import './schemas/common';
import type { RouteDefinition } from './routes/define-route';
import { STATUS_BY_CODE } from './domain/errors';

/** OpenAPI 3.1 from the route table: the schemas the handlers validate with are the ones documented. */
const jsonSchema = (schema: z.ZodMiniType, io: 'input' | 'output') => {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<string, unknown>;
  return rest;
};

const errorEnvelope = {
  type: 'object',
  required: ['success', 'error'],
  properties: {
    success: { const: false },
    error: {
      type: 'object',
      required: ['code', 'message'],
      properties: {
        code: { type: 'string', enum: Object.keys(STATUS_BY_CODE) },
        message: { type: 'string' },
        details: { type: 'array', items: { type: 'object', properties: { field: { type: 'string' }, message: { type: 'string' } } } },
      },
    },
  },
};

const parameters = (route: RouteDefinition) => {
  const list: Record<string, unknown>[] = [];
  for (const where of ['params', 'query'] as const) {
    const schema = route.request?.[where];
    if (!schema) continue;
    const json = jsonSchema(schema, 'input') as { properties?: Record<string, unknown>; required?: string[] };
    for (const [name, property] of Object.entries(json.properties ?? {})) {
      list.push({ name, in: where === 'params' ? 'path' : 'query', required: where === 'params' || json.required?.includes(name), schema: property });
    }
  }
  if (route.idempotent) {
    list.push({ name: 'Idempotency-Key', in: 'header', required: false, schema: { type: 'string', maxLength: 255 } });
  }
  return list;
};

export const openApiDocument = (routes: readonly RouteDefinition[], serverUrl = '/') => {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const success = route.method === 'DELETE'
      ? { type: 'object', properties: { success: { const: true }, message: { type: 'string' } } }
      : { type: 'object', properties: { success: { const: true }, data: route.response ? jsonSchema(route.response, 'output') : { type: 'object' } } };
    (paths[route.path] ??= {})[route.method.toLowerCase()] = {
      operationId: route.id,
      summary: route.summary,
      tags: [route.tag],
      security: route.permission ? [{ bearer: [] }] : [],
      'x-permission': route.permission ?? undefined,
      parameters: parameters(route),
      requestBody: route.request?.body
        ? { required: true, content: { 'application/json': { schema: jsonSchema(route.request.body, 'input') } } }
        : undefined,
      responses: {
        [String(route.successStatus ?? 200)]: { description: 'Success', content: { 'application/json': { schema: success } } },
        default: { description: 'Error (see the error codes)', content: { 'application/json': { schema: errorEnvelope } } },
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Email delivery service', version: '1.0.0' },
    servers: [{ url: serverUrl }],
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'API key' } } },
    paths,
  };
};
