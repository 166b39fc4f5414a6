import { publicApiHandler } from '../http/public-handler';
import { health } from '../routes/system';

export const handler = publicApiHandler(health, async () => ({ data: { status: 'ok' as const, version: process.env.SERVICE_VERSION ?? 'dev' } }));
