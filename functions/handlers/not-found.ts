import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { AppError } from '../domain/errors';
import { errorResponse, httpResponse } from '../http/responses';
import { routeMatcher } from '../http/route-matcher';
import { routes } from '../routes';

const match = routeMatcher(routes);

/**
 * The API's $default route: anything no route claims gets the contract's envelope instead of API
 * Gateway's own `{"message":"Not Found"}`: 405 with Allow for a known path, 404 otherwise.
 */
export const handler = async (event: APIGatewayProxyEventV2) => {
  const found = match(event.requestContext.http.method, event.rawPath);
  if (found.kind === 'method-not-allowed') {
    return httpResponse(errorResponse(new AppError('METHOD_NOT_ALLOWED', `Use ${found.allow.join(', ')} on this path`)), {
      Allow: found.allow.join(', '),
    });
  }
  return httpResponse(errorResponse(new AppError('NOT_FOUND', 'No such route')), {});
};
