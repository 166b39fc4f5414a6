import * as z from 'zod/mini';

/** What a provider receiver takes in its query (which provider config verifies it) and answers. */
export const receiverQuery = z.object({ provider_id: z.string().check(z.minLength(1), z.maxLength(100)) });
export const receiverAnswer = z.object({ received: z.int(), recorded: z.int() });
