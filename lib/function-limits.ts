import { routeGrants } from '../functions/capabilities';
import { Duration } from 'aws-cdk-lib';
import { LONGEST_SMTP_SEND_MS } from '../functions/smtp-timeouts';
import type { RouteDefinition } from '../functions/routes/define-route';

/** API Gateway's HTTP API waits at most 30 s for an integration: a route's function must end before. */
export const ROUTE_TIMEOUT_LIMIT_SECONDS = 29;

/** A route that sends mail waits out one send at its longest, plus the table reads and writes around it. */
export const SENDING_ROUTE_TIMEOUT_SECONDS = Math.ceil(LONGEST_SMTP_SEND_MS / 1000) + 4;

/**
 * The timeout of a route's function: its own `lambda.timeoutSeconds`, never shorter than one send for
 * a route that sends mail (the `sendMail` grant of its capabilities); undefined leaves the ServiceFunction default.
 */
export const routeTimeout = (route: RouteDefinition) => {
  const seconds = Math.max(
    route.lambda?.timeoutSeconds ?? 0,
    routeGrants(route).includes('sendMail') ? SENDING_ROUTE_TIMEOUT_SECONDS : 0,
  );
  if (seconds > ROUTE_TIMEOUT_LIMIT_SECONDS) {
    throw new Error(
      `Route ${route.id}: a ${seconds} s timeout outlives API Gateway's 30 s; ` +
        'lower it (or the SMTP timeouts it is derived from)',
    );
  }
  return seconds ? Duration.seconds(seconds) : undefined;
};
