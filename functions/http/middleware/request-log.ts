import type { MiddlewareObj, Request } from '@middy/core';
import { contactId } from '../../domain/contacts/contact-id';
import { entryFields, loggedBody, UNREADABLE_BODY } from '../../domain/request-log/entry';
import { referToKeptBody } from '../../domain/request-log/kept-mail';
import { config } from '../../config';
import type { Clock, Ids, RequestLog } from '../../ports';
import type { RouteDefinition } from '../../routes/define-route';
import { secretPaths } from '../../schemas/secret';
import { describeError, log } from '../../log';
import type { ApiEvent, ApiResponse } from '../api-event';

export interface RequestLogDeps {
  requestLog: RequestLog;
  clock: Clock;
  ids: Ids;
}

/** Where a route's secrets sit in its request and in its answer (its `data`, natively), from its schemas. */
export const routeSecretPaths = (route: RouteDefinition) => {
  const answer = secretPaths(route.response);
  return {
    request: secretPaths(route.request?.body),
    response: route.envelope === 'resend' ? answer : answer.map((path) => ['data', ...path]),
  };
};

const isJson = (response: ApiResponse) =>
  !response.isBase64Encoded && /json/i.test(String(response.headers?.['Content-Type'] ?? 'application/json'));

/**
 * The request log (docs/decisions/0110-request-log.md): every keyed request of an account, written after
 * the envelope made its answer (this middleware is used first, so its `after` and `onError` run last).
 * Its bodies are kept with the secrets the route's schemas mark (schemas/secret.ts) as "[redacted]". A
 * write that fails is logged and forgotten: the request has been served, and its answer stands.
 */
export const requestLog = (route: RouteDefinition, deps: RequestLogDeps): MiddlewareObj<ApiEvent, ApiResponse> => {
  const paths = routeSecretPaths(route);
  const record = async ({ event, response }: Request<ApiEvent, ApiResponse>) => {
    const accountId = event.state?.auth?.account_id;
    // A tenant key's request is its tenant's too: that tenant's keys read it (decision 0131).
    const tenantId = event.state?.auth?.tenant_id;
    if (route.unlogged || !accountId || !response) return;
    const now = deps.clock.now();
    try {
      const responseBody = isJson(response) ? loggedBody(response.body, paths.response) : UNREADABLE_BODY;
      const request = route.request?.body ? loggedBody(event.state.rawBody, paths.request) : null;
      const requestBody =
        route.keepsMailBody && (response.statusCode ?? 500) < 300
          ? referToKeptBody(request, responseBody, config.messageRetentionDays)
          : request;
      await deps.requestLog.append({
        id: contactId(now, deps.ids.uuid()),
        account_id: accountId,
        ...(tenantId ? { tenant_id: tenantId } : {}),
        created_at: now.toISOString(),
        ...entryFields({
          endpoint: event.rawPath ?? route.path,
          method: route.method,
          status: response.statusCode ?? 500,
          userAgent: event.headers?.['user-agent'],
        }),
        request_body: requestBody,
        response_body: responseBody,
      });
    } catch (error) {
      log('warn', 'request log entry not written', { request_id: event.state.requestId, ...describeError(error) });
    }
  };
  return { after: record, onError: record };
};
