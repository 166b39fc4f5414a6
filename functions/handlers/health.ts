import { apiHandler } from '../http/api-handler';
import { health } from '../routes/system';

export const handler = apiHandler(health, async () => ({ data: { status: 'ok', version: process.env.SERVICE_VERSION ?? 'dev' } }));
