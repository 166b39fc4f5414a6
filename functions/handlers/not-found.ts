import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { AppError } from '../domain/errors';
import { errorResponse, httpResponse } from '../http/responses';
import { parseRouteKeys, routeMatcher } from '../http/route-matcher';

/**
 * The API's catch-all route (ANY /{proxy+}): anything no route claims gets the contract's envelope instead of API
 * Gateway's own `{"message":"Not Found"}`: 405 with Allow for a known path, 404 otherwise. The stack
 * (and the local server) hand it the route table's "METHOD /path" keys in ROUTE_KEYS, so this
 * function carries no schemas.
 */
let match: ReturnType<typeof routeMatcher> | undefined;

export const handler = async (event: APIGatewayProxyEventV2) => {
  match ??= routeMatcher(parseRouteKeys(process.env.ROUTE_KEYS ?? ''));
  const found = match(event.requestContext.http.method, event.rawPath);
  if (found.kind === 'method-not-allowed') {
    return httpResponse(errorResponse(new AppError('METHOD_NOT_ALLOWED', `Use ${found.allow.join(', ')} on this path`)), {
      Allow: found.allow.join(', '),
    });
  }
  return httpResponse(errorResponse(new AppError('NOT_FOUND', 'No such route')), {});
};
