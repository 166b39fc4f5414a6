import type { CapabilityName } from '../capabilities';
import type { AnyRoute, RouteDefinition } from '../routes/define-route';
import { type Adapters, wire } from '../wire';
import type { ApiRequest } from './api-event';
import { apiHandler } from './api-handler';
import { idempotencyPart, linkErrorPage, resendErrorBody } from './pipeline-part-list';
import { publicApiHandler } from './public-handler';

type Handle = (request: ApiRequest<RouteDefinition>) => Promise<never>;

/**
 * A route's Lambda handler: the request pipeline (keyed or public) around the route's own handler,
 * with the dependencies its capabilities give, built once per instance. The route's module typed its
 * handler against its own schemas and capabilities; here any route is taken as it is. The local
 * server uses it for every route; a Lambda bundle is generated with the one pipeline it needs
 * (lib/constructs/function-bundle.ts).
 */
export const routeHandler = (route: AnyRoute, adapters: Adapters<readonly CapabilityName[]>) => {
  const deps = wire(route.uses ?? [], adapters);
  const handle = ((request: never) => route.handle(request, deps as never)) as Handle;
  // Every part: the local server holds every route (a bundle, only its own: pipeline-parts.ts).
  const parts = { idempotency: idempotencyPart, linkErrorPage, resendErrorBody };
  return route.permission === null
    ? publicApiHandler(route as RouteDefinition & { permission: null }, handle, parts)
    : apiHandler(route, handle, parts);
};
