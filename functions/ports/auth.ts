/** Ports: Accounts, API keys, their rate limits and Idempotency-Keys. */
import type { Account, ApiKey } from '../domain/types';

export interface AccountStore {
  create(account: Account): Promise<void>;
  get(accountId: string): Promise<Account | undefined>;
}

export interface ApiKeyStore {
  create(key: ApiKey): Promise<void>;
  /** Rewrites an existing key's record (both copies), e.g. its permissions and rate limit. */
  replace(key: ApiKey): Promise<void>;
  findByHash(keyHash: string): Promise<ApiKey | undefined>;
  list(accountId: string): Promise<ApiKey[]>;
  /**
   * Marks the key revoked; false when the account has no such key, or it is revoked already (a second revoke
   * finds nothing to revoke).
   */
  revoke(accountId: string, keyId: string, at: string): Promise<boolean>;
  /** Renames a live key (both copies); undefined when the account has no such key, or it is revoked. */
  rename(accountId: string, keyId: string, name: string): Promise<ApiKey | undefined>;
}

export interface RateLimitStore {
  /** Counts one request in the key's window and answers the count so far (this one included). */
  hit(keyId: string, windowStart: number, expiresAt: number): Promise<number>;
}

export interface StoredResponse {
  status: number;
  body: string;
  /** The body is binary, as base64 (an image). */
  base64?: boolean;
}

export type IdempotencyClaim =
  | { state: 'claimed' }
  | { state: 'replay'; response: StoredResponse }
  | { state: 'conflict'; reason: 'in_flight' | 'different_body' };

export interface IdempotencyStore {
  /**
   * Claims the key until `expiresAt` (epoch seconds), unless a record holds it: a finished one
   * (replay), or one still in flight whose `inProgressExpiresAt` has not passed (conflict). An
   * in-flight record past its own in-progress expiry belongs to a request that died, and is taken over.
   */
  claim(
    accountId: string,
    key: string,
    fingerprint: string,
    expiresAt: number,
    inProgressExpiresAt: number,
  ): Promise<IdempotencyClaim>;
  complete(accountId: string, key: string, response: StoredResponse): Promise<void>;
  release(accountId: string, key: string): Promise<void>;
}
