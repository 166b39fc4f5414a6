import { signedReceiverDeps } from '../adapters/wiring';
import { receiveSendgrid } from '../domain/delivery-events/receivers';
import { publicApiHandler } from '../http/public-handler';
import { rawBody } from '../http/raw-body';
import { webhooksSendgrid } from '../routes/receivers';
import { payloadParsers } from '../schemas/payloads/parsers';

const deps = signedReceiverDeps();

export const handler = publicApiHandler(webhooksSendgrid, async ({ query, event }) => ({
  data: await receiveSendgrid(deps, payloadParsers, query.provider_id, rawBody(event), event.headers ?? {}),
}));
