import { expect } from 'vitest';
import type { Client } from './service';

/** A domain name no other test uses. */
export const uniqueDomain = (label: string) => `${label}-${Math.random().toString(36).slice(2, 10)}.example`;

/**
 * A domain of the account, verified as SES would once its DKIM records resolve (the local SES
 * identity peer's shortcut), with `inbound` as given: mail to it is received when `inbound` is on.
 */
export const verifiedDomain = async (account: Client, name: string, inbound: boolean) => {
  const created = await account.post('/api/v1/domains', { name });
  expect(created.status).toBe(201);
  expect(
    (await fetch(`${process.env.AWS_ENDPOINT_URL_SESV2}/_local/identities/${name}/verify`, { method: 'POST' })).status,
  ).toBe(200);
  expect((await account.post(`/api/v1/domains/${created.body.data.id}/verify`)).body.data.status).toBe('verified');
  if (inbound)
    expect((await account.put(`/api/v1/domains/${created.body.data.id}`, { inbound: true })).body.data.inbound).toBe(
      true,
    );
  return created.body.data as { id: string; records: { record: string }[] };
};
