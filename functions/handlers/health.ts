import { publicApiHandler } from '../http/public-handler';
import { health } from '../routes/system';

export const handler = publicApiHandler(health, async () => ({ data: { status: 'ok', version: process.env.SERVICE_VERSION ?? 'dev' } }));
