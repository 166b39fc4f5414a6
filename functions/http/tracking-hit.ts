import type { ApiEvent } from './api-event';

/** Who followed a tracking link: the client's address and user agent as API Gateway saw them. */
export const trackingClient = (event: ApiEvent) => ({
  ip: event.requestContext?.http?.sourceIp || null,
  userAgent: event.requestContext?.http?.userAgent || event.headers?.['user-agent'] || null,
});
