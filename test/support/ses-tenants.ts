import type { TenantSend } from '../../local/ses-tenants';

/** What the local SES stand-in holds of tenants (local/ses-tenants.ts): the tenants, and the sends naming one. */
export const sesTenantRecord = async () => {
  const response = await fetch(`${process.env.AWS_ENDPOINT_URL_SESV2}/_local/tenants`);
  return (await response.json()) as {
    tenants: { TenantName: string; resources: string[] }[];
    sends: TenantSend[];
  };
};
