import * as admin from './admin';
import type { RouteDefinition } from './define-route';
import * as mail from './mail';
import * as system from './system';

/**
 * The route table: every HTTP route of the service, once. Read by the CDK stack (lib/), the local
 * server (local/) and the OpenAPI generator. Handlers import their own entry directly, not this
 * table, so a function's bundle holds only its own schemas.
 */
export const routes: readonly RouteDefinition[] = [...Object.values(system), ...Object.values(mail), ...Object.values(admin)];
