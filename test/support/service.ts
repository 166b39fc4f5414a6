import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { adminDeps } from '../../functions/adapters/wiring';
import { createAccount } from '../../functions/domain/accounts';
import { createApiKey } from '../../functions/domain/auth/api-keys';
import type { Permission } from '../../functions/domain/types';
import { createLocalServer } from '../../local/server';
import { ensureTable } from '../../local/table';

/** The service as a client sees it: the local API server (the route table and real handlers) over HTTP. */
export interface TestService {
  baseUrl: string;
  close(): Promise<void>;
}

export const startService = async (): Promise<TestService> => {
  await ensureTable(process.env.TABLE_NAME!);
  const server: Server = createLocalServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
};

export interface ApiAnswer<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

/** A client for one API key. */
export const client = (service: Pick<TestService, 'baseUrl'>, apiKey?: string) => {
  const call = async <T = any>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<ApiAnswer<T>> => {
    const response = await fetch(`${service.baseUrl}${path}`, {
      method,
      headers: {
        ...(apiKey ? { Authorization: `Bearer ${apiKey}` } : {}),
        ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined };
  };
  return {
    get: <T = any>(path: string, headers?: Record<string, string>) => call<T>('GET', path, undefined, headers),
    post: <T = any>(path: string, body?: unknown, headers?: Record<string, string>) =>
      call<T>('POST', path, body ?? {}, headers),
    put: <T = any>(path: string, body?: unknown, headers?: Record<string, string>) =>
      call<T>('PUT', path, body ?? {}, headers),
    delete: <T = any>(path: string, headers?: Record<string, string>) => call<T>('DELETE', path, undefined, headers),
    call,
  };
};

export type Client = ReturnType<typeof client>;

/** A fresh account with an all-permission key, exactly as the admin CLI makes one. */
export const newAccount = async (name = 'Test account') => {
  const { account, apiKey } = await createAccount(adminDeps(), name);
  return { accountId: account.id, apiKey };
};

/** Another key for an account, with only the given permissions. */
export const keyWith = async (accountId: string, permissions: Permission[], rateLimit?: number) =>
  (await createApiKey(adminDeps(), accountId, { name: 'test', permissions, rate_limit_per_minute: rateLimit })).key;

/** A unique address, so that tests sharing the SES mailbox can find their own mail. */
export const uniqueAddress = (label = 'rcpt') => `${label}-${Math.random().toString(36).slice(2, 10)}@example.com`;
