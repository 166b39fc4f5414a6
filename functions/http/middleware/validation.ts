import type { MiddlewareObj } from '@middy/core';
import type { z } from 'zod/mini';
import { validationError, type FieldIssue } from '../../domain/errors';
import type { RouteDefinition } from '../../routes/define-route';
import type { ApiEvent, ApiResponse } from '../api-event';

const decode = (value: string) => {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
};

const decodedParams = (params: Record<string, string | undefined> | undefined) =>
  Object.fromEntries(
    Object.entries(params ?? {}).map(([name, value]) => [name, value === undefined ? value : decode(value)]),
  );

/** Path, query and body through the route's zod schemas; every problem is reported, not just the first. */
export const validation = (route: RouteDefinition): MiddlewareObj<ApiEvent, ApiResponse> => ({
  before: ({ event }) => {
    const issues: FieldIssue[] = [];
    const parse = (schema: z.ZodMiniType | undefined, value: unknown, where: string) => {
      if (!schema) return undefined;
      const result = schema.safeParse(value);
      if (result.success) return result.data;
      for (const issue of result.error.issues) {
        const field = issue.path.map(String).join('.');
        issues.push({ field: field || where, message: issue.message });
      }
      return undefined;
    };
    const input = {
      params: parse(route.request?.params, decodedParams(event.pathParameters), 'path'),
      query: parse(route.request?.query, event.queryStringParameters ?? {}, 'query'),
      body: parse(route.request?.body, event.state.json, 'body'),
    };
    if (issues.length) throw validationError(issues);
    event.state.input = input;
  },
});
