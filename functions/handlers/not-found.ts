import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { AppError } from '../domain/errors';
import { errorResponse, httpResponse } from '../http/responses';
import { isResendPath, resendErrorBody } from '../http/resend-errors';
import { unansweredResendMessage } from '../http/resend-unanswered';
import { parseRouteKeys, routeMatcher } from '../http/route-matcher';

/**
 * The API's catch-all route (ANY /{proxy+}): anything no route claims gets the contract's envelope instead of API
 * Gateway's own `{"message":"Not Found"}`: 405 with Allow for a known path, 404 otherwise. The stack
 * (and the local server) hand it the route table's "METHOD /path" keys in ROUTE_KEYS, so this
 * function carries no schemas. Under /resend the answer is Resend's error shape, as its SDK expects:
 * the parts of Resend's API the service does not answer (inboxes, OAuth grants, ...) are its `not_found`.
 */
let match: ReturnType<typeof routeMatcher> | undefined;

export const handler = async (event: APIGatewayProxyEventV2) => {
  match ??= routeMatcher(parseRouteKeys(process.env.ROUTE_KEYS ?? ''));
  const unanswered = unansweredResendMessage(event.rawPath);
  if (unanswered) return httpResponse(errorResponse(new AppError('NOT_FOUND', unanswered), resendErrorBody), {});
  const found = match(event.requestContext.http.method, event.rawPath);
  const style = isResendPath(event.rawPath) ? resendErrorBody : undefined;
  if (found.kind === 'method-not-allowed') {
    return httpResponse(
      errorResponse(new AppError('METHOD_NOT_ALLOWED', `Use ${found.allow.join(', ')} on this path`), style),
      {
        Allow: found.allow.join(', '),
      },
    );
  }
  const message = style
    ? 'No such route: this service answers the parts of the Resend API listed in its docs (docs/promises.md)'
    : 'No such route';
  return httpResponse(errorResponse(new AppError('NOT_FOUND', message), style), {});
};
