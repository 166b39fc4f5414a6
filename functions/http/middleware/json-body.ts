import type { MiddlewareObj } from '@middy/core';
import { AppError, validationError } from '../../domain/errors';
import type { RouteDefinition } from '../../routes/define-route';
import type { ApiEvent, ApiResponse } from '../api-event';
import { loneSurrogateAt } from '../lone-surrogate';
import { rawBody } from '../raw-body';

const isJson = (contentType: string | undefined) => {
  const type = contentType?.split(';')[0].trim().toLowerCase();
  return type === 'application/json' || (type?.startsWith('application/') && type.endsWith('+json'));
};

/**
 * Routes with a body schema take JSON only (or nothing at all, where the body is optional): 415 for other
 * types, 413 over 1 MiB (or the route's maxBodyBytes), 400 for bad JSON and for text no UTF-8 store can hold
 * (a lone surrogate).
 */
export const jsonBody = (route: RouteDefinition): MiddlewareObj<ApiEvent, ApiResponse> => ({
  before: ({ event }) => {
    if (!route.request?.body) return;
    const raw = rawBody(event, route.maxBodyBytes);
    if (route.request.optionalBody && raw.length === 0) {
      event.state.rawBody = '';
      event.state.json = {};
      return;
    }
    if (!isJson(event.headers?.['content-type'])) {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'The request body must be application/json');
    }
    const text = raw.toString('utf8');
    event.state.rawBody = text;
    try {
      event.state.json = JSON.parse(text);
    } catch {
      throw new AppError('VALIDATION_ERROR', 'The request body is not valid JSON', {
        details: [{ field: 'body', message: text.trim() === '' ? 'A JSON body is required' : 'Malformed JSON' }],
      });
    }
    const field = loneSurrogateAt(event.state.json);
    if (field !== undefined) {
      throw validationError([
        { field, message: 'Not valid Unicode: a lone surrogate escape (\\uD800-\\uDFFF) without its pair' },
      ]);
    }
  },
});
