import * as z from 'zod/mini';
import { WEBHOOK_EVENT_TYPES } from '../domain/webhooks/records';

export const createWebhookEndpointBody = z.object({
  url: z.string().check(z.minLength(1), z.maxLength(2000)),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)).check(z.minLength(1), z.maxLength(WEBHOOK_EVENT_TYPES.length)),
});

const endpointView = {
  id: z.string(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  created_at: z.string(),
};

export const createdWebhookEndpoint = z.object({ ...endpointView, secret: z.string() });
export const webhookEndpointList = z.object({ webhook_endpoints: z.array(z.object(endpointView)) });
export const webhookEndpointIdParams = z.object({ id: z.string().check(z.minLength(1), z.maxLength(100)) });
