import { subscriberCreateDeps } from '../adapters/wiring';
import { createSubscriber } from '../domain/audience/subscribers';
import { apiHandler } from '../http/api-handler';
import { subscribersCreate } from '../routes/audience';

const deps = subscriberCreateDeps();

export const handler = apiHandler(subscribersCreate, async ({ auth, body }) => ({
  data: await createSubscriber(deps, auth.account_id, body),
}));
