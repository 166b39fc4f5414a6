/**
 * A typed client for this API: openapi-fetch over the types generated from its OpenAPI document
 * (client/schema.d.ts, written by `npm run docs`). Paths, parameters, bodies, answers and the error
 * envelope are all typed:
 *
 *   const mail = createClient({ baseUrl: 'http://localhost:3000', apiKey: process.env.KEY });
 *   const { data, error } = await mail.POST('/api/v1/mail/send', { body: { to: 'ada@example.com', subject:
 * 'Hi', text: 'Hello' } });
 *   if (error) console.error(error.error.code); // ErrorEnvelope
 *   else console.log(data.data.message_id);
 */
import createFetchClient, { type Client, type ClientOptions as FetchClientOptions } from 'openapi-fetch';
import type { components, paths } from './schema.js';

export type { components, operations, paths } from './schema.js';

/** Every error the service answers: `{ success: false, error: { code, message, details? } }`. */
export type ErrorEnvelope = components['schemas']['Error'];
export type ErrorCode = ErrorEnvelope['error']['code'];

export interface ClientOptions extends Omit<FetchClientOptions, 'baseUrl'> {
  /**
   * Where the service is: http://localhost:3000, or the stack's ApiUrl (a trailing /api/v1 is dropped: paths
   * carry it).
   */
  baseUrl: string;
  /** Sent as `Authorization: Bearer <apiKey>` on every request; public routes ignore it. */
  apiKey?: string;
}

export type EmailServiceClient = Client<paths>;

export const createClient = ({ baseUrl, apiKey, headers, ...options }: ClientOptions): EmailServiceClient =>
  createFetchClient<paths>({
    ...options,
    baseUrl: baseUrl.replace(/\/+$/, '').replace(/\/api\/v1$/, ''),
    headers: {
      ...(apiKey ? { Authorization: `Bearer ${apiKey}` } : {}),
      ...(headers as Record<string, string> | undefined),
    },
  });
