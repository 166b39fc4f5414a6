import { receiverDeps } from '../adapters/wiring';
import { receiveSns } from '../domain/delivery-events/receivers';
import { publicApiHandler } from '../http/public-handler';
import { rawBody } from '../http/raw-body';
import { webhooksSes } from '../routes/receivers';
import { payloadParsers } from '../schemas/payloads/parsers';

const deps = receiverDeps();

export const handler = publicApiHandler(webhooksSes, async ({ query, event }) => ({
  data: await receiveSns(deps, payloadParsers, query.provider_id, rawBody(event)),
}));
