import { expect } from 'vitest';
import { client, newAccount, startService } from './service';

/**
 * The service with tracking on: links point at this server, and hits right after the send count as a
 * reader's (TRACKING_MACHINE_SECONDS=0) unless a test says otherwise. An account with an SES default
 * provider. `close` puts the environment back.
 */
export const startTrackedService = async (fromName?: string) => {
  const service = await startService();
  process.env.PUBLIC_BASE_URL = service.baseUrl;
  process.env.TRACKING_MACHINE_SECONDS = '0';
  const account = await newAccount();
  const api = client(service, account.apiKey);
  const provider = await api.post('/api/v1/providers', {
    type: 'ses',
    name: 'SES',
    from_email: 'news@example.com',
    ...(fromName ? { from_name: fromName } : {}),
    region: 'us-east-1',
  });
  expect(provider.status).toBe(201);
  return {
    service,
    api,
    accountId: account.accountId,
    close: async () => {
      delete process.env.PUBLIC_BASE_URL;
      delete process.env.TRACKING_MACHINE_SECONDS;
      await service.close();
    },
  };
};
