import type { CapabilityName, DepsOf } from '../capabilities';
import type { ApiRequest, ResultOf } from '../http/api-event';
import type { RouteDefinition } from './route-definition';

export type { ItemKind, RawMediaType, RouteDefinition, TableAccess } from './route-definition';

type UsesOf<R extends RouteDefinition> = R extends { uses: infer U extends readonly CapabilityName[] } ? U : [];

/** What a route does with a request: the use case it calls, with the dependencies its capabilities give. */
export type RouteHandle<R extends RouteDefinition> = (
  request: ApiRequest<R>,
  deps: DepsOf<UsesOf<R>>,
) => Promise<ResultOf<R>>;

/** A route of the table: its definition and its handler, in one module (functions/routes/<area>/<id>.ts). */
export type Route<R extends RouteDefinition = RouteDefinition> = R & { handle: RouteHandle<R> };

/** Any route of the table, whatever its schemas: what the table, the stack and the local server hold. */
export type AnyRoute = RouteDefinition & { handle: (request: never, deps: never) => Promise<unknown> };

/**
 * A route module's one export: the definition and the handler together. The Lambda entry is generated
 * from it (lib/constructs/function-bundle.ts): the request pipeline, the adapters its `uses` name, and
 * this handler.
 */
export const defineRoute = <const R extends RouteDefinition>(route: R, handle: RouteHandle<R>): Route<R> => ({
  ...route,
  handle,
});
