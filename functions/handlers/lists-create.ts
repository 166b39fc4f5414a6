import { audienceDeps } from '../adapters/wiring';
import { createList } from '../domain/audience/lists';
import { apiHandler } from '../http/api-handler';
import { listsCreate } from '../routes/audience';

const deps = audienceDeps();

export const handler = apiHandler(listsCreate, async ({ auth, body }) => ({ status: 201, data: await createList(deps, auth.account_id, body) }));
