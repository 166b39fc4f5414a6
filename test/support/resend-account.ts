import { Resend } from 'resend';
import type { Permission } from '../../functions/domain/types';
import { client, keyWith, newAccount, type TestService } from './service';

/** The official SDK pointed at the service's `/resend` routes, as a user's app would set `baseUrl`. */
export const resendClient = (service: Pick<TestService, 'baseUrl'>, apiKey: string): Resend =>
  new Resend(apiKey, { baseUrl: `${service.baseUrl}/resend` });

/**
 * A fresh account for a Resend test: a key with only `permissions` (a rate limit no test reaches), the SDK and
 * a native client on that key, and the SDK as a second account, for the checks that one account never sees or
 * changes another's records.
 */
export const resendAccount = async (service: Pick<TestService, 'baseUrl'>, name: string, permissions: Permission[]) => {
  const { accountId } = await newAccount(name);
  const key = await keyWith(accountId, permissions, 100_000);
  return {
    accountId,
    key,
    native: client(service, key),
    resend: resendClient(service, key),
    foreign: resendClient(service, (await newAccount(`${name} other`)).apiKey),
  };
};
