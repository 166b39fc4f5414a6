import {
  CreateTenantCommand,
  CreateTenantResourceAssociationCommand,
  DeleteTenantCommand,
  SESv2Client,
} from '@aws-sdk/client-sesv2';
import { config } from '../config';
import type { MailTenants } from '../ports';
import { instrument } from './instrument';

let client: SESv2Client | undefined;
/** The stack's own region, as the identities. The endpoint comes from AWS_ENDPOINT_URL_SESV2 locally. */
const ses = () => (client ??= instrument(new SESv2Client({})));

const named = (error: unknown, name: string) => (error as Error)?.name === name;

/**
 * SES v2 tenants through the SDK: each tied to the stack's configuration set (its ARN, from the stack), so
 * mail sent with its `TenantName` through that set is the tenant's at SES. Locally the SES peer stands in
 * (local/ses-tenants.ts): the emulator knows no tenants.
 */
export const sesTenants: MailTenants = {
  async create(sesName) {
    try {
      await ses().send(new CreateTenantCommand({ TenantName: sesName }));
    } catch (error) {
      // A retry after a create whose answer was lost: the tenant is ours (its name is our tenant's id).
      if (!named(error, 'AlreadyExistsException')) throw error;
    }
    const configurationSet = config.configurationSetArn;
    if (!configurationSet) return;
    try {
      await ses().send(
        new CreateTenantResourceAssociationCommand({ TenantName: sesName, ResourceArn: configurationSet }),
      );
    } catch (error) {
      if (!named(error, 'AlreadyExistsException')) throw error;
    }
  },

  async delete(sesName) {
    try {
      await ses().send(new DeleteTenantCommand({ TenantName: sesName }));
    } catch (error) {
      if (!named(error, 'NotFoundException')) throw error;
    }
  },
};
