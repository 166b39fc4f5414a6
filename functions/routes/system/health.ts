import * as z from 'zod/mini';
import { SERVICE_VERSION } from '../../version';
import { defineRoute } from '../define-route';

export const health = defineRoute(
  {
    id: 'health',
    method: 'GET',
    path: '/api/v1/health',
    summary: 'Check that the service is alive',
    tag: 'System',
    permission: null,
    response: z.object({ status: z.literal('ok'), version: z.string() }),
  },
  async () => ({
    data: { status: 'ok' as const, version: SERVICE_VERSION },
  }),
);

export default health;
