import { signedReceiverDeps } from '../adapters/wiring';
import { receiveMailgun } from '../domain/delivery-events/receivers';
import { publicApiHandler } from '../http/public-handler';
import { rawBody } from '../http/raw-body';
import { webhooksMailgun } from '../routes/receivers';
import { payloadParsers } from '../schemas/payloads/parsers';

const deps = signedReceiverDeps();

export const handler = publicApiHandler(webhooksMailgun, async ({ query, event }) => ({
  data: await receiveMailgun(deps, payloadParsers, query.provider_id, rawBody(event)),
}));
