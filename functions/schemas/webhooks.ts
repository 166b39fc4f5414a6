import * as z from 'zod/mini';
import { WEBHOOK_EVENT_TYPES } from '../domain/webhooks/records';

const url = () => z.string().check(z.minLength(1), z.maxLength(2000));
const events = () =>
  z.array(z.enum(WEBHOOK_EVENT_TYPES)).check(z.minLength(1), z.maxLength(WEBHOOK_EVENT_TYPES.length));

export const createWebhookEndpointBody = z.object({ url: url(), events: events() });

/** PATCH: any of the three; an empty body changes nothing and is refused. */
export const updateWebhookEndpointBody = z
  .object({ url: z.optional(url()), events: z.optional(events()), enabled: z.optional(z.boolean()) })
  .check(
    z.refine((body) => Object.values(body).some((v) => v !== undefined), {
      message: 'Give url, events or enabled',
      path: ['url'],
    }),
  );

const endpointView = {
  id: z.string(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  /** False: no event is posted to it until it is enabled again. */
  enabled: z.boolean(),
  created_at: z.string(),
};

export const createdWebhookEndpoint = z.object({ ...endpointView, secret: z.string() });
export const webhookEndpointList = z.object({ webhook_endpoints: z.array(z.object(endpointView)) });
export const webhookEndpointIdParams = z.object({ id: z.string().check(z.minLength(1), z.maxLength(100)) });
