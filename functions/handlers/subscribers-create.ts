import { audienceDeps } from '../adapters/wiring';
import { createSubscriber } from '../domain/audience/subscribers';
import { apiHandler } from '../http/api-handler';
import { subscribersCreate } from '../routes/audience';

const deps = audienceDeps();

export const handler = apiHandler(subscribersCreate, async ({ auth, body }) => ({ data: await createSubscriber(deps, auth.account_id, body) }));
