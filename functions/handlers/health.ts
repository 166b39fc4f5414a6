import { publicApiHandler } from '../http/public-handler';
import { health } from '../routes/system';
import { SERVICE_VERSION } from '../version';

export const handler = publicApiHandler(health, async () => ({
  data: { status: 'ok' as const, version: SERVICE_VERSION },
}));
