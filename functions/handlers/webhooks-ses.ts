import { receiverDeps } from '../adapters/wiring';
import { receiveSns } from '../domain/delivery-events/receivers';
import { publicApiHandler } from '../http/public-handler';
import { rawBody } from '../http/raw-body';
import { webhooksSes } from '../routes/receivers';

const deps = receiverDeps();

export const handler = publicApiHandler(webhooksSes, async ({ query, event }) => ({ data: await receiveSns(deps, query.provider_id, rawBody(event)) }));
