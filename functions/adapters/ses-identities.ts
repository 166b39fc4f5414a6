import {
  CreateEmailIdentityCommand,
  DeleteEmailIdentityCommand,
  GetEmailIdentityCommand,
  PutEmailIdentityMailFromAttributesCommand,
  SESv2Client,
  type VerificationStatus,
} from '@aws-sdk/client-sesv2';
import { config } from '../config';
import type { DomainStatus } from '../domain/domains/records';
import type { EmailIdentities, IdentityState } from '../ports';
import { instrument } from './instrument';

let client: SESv2Client | undefined;
/**
 * The stack's own region (the identities live beside the functions). The endpoint comes from
 * AWS_ENDPOINT_URL_SESV2 locally.
 */
const ses = () => (client ??= instrument(new SESv2Client({})));

const STATUS: Record<VerificationStatus, DomainStatus> = {
  PENDING: 'pending',
  NOT_STARTED: 'pending',
  SUCCESS: 'verified',
  FAILED: 'failed',
  TEMPORARY_FAILURE: 'temporary_failure',
};

const state = (status: VerificationStatus | undefined, tokens: string[] | undefined): IdentityState => ({
  status: STATUS[status ?? 'PENDING'] ?? 'pending',
  dkimTokens: tokens ?? [],
});

const named = (error: unknown, name: string) => (error as Error)?.name === name;

/** SES v2 domain identities through the SDK: Easy DKIM with 2048-bit keys, the stack's configuration set on each. */
export const sesIdentities: EmailIdentities = {
  region: () => process.env.AWS_REGION ?? 'us-east-1',

  async create(name) {
    try {
      const created = await ses().send(
        new CreateEmailIdentityCommand({
          EmailIdentity: name,
          DkimSigningAttributes: { NextSigningKeyLength: 'RSA_2048_BIT' },
          ConfigurationSetName: config.defaultConfigurationSet,
        }),
      );
      return state(
        created.DkimAttributes?.Status === 'SUCCESS' ? 'SUCCESS' : 'PENDING',
        created.DkimAttributes?.Tokens,
      );
    } catch (error) {
      // Not created for this claim, so not ours: nothing proves the account controls it (issue 35).
      if (named(error, 'AlreadyExistsException')) return undefined;
      throw error;
    }
  },

  async setMailFrom(name, mailFrom) {
    await ses().send(
      new PutEmailIdentityMailFromAttributesCommand({
        EmailIdentity: name,
        MailFromDomain: mailFrom,
        BehaviorOnMxFailure: 'USE_DEFAULT_VALUE',
      }),
    );
  },

  async get(name) {
    try {
      const identity = await ses().send(new GetEmailIdentityCommand({ EmailIdentity: name }));
      return state(identity.VerificationStatus ?? identity.DkimAttributes?.Status, identity.DkimAttributes?.Tokens);
    } catch (error) {
      if (named(error, 'NotFoundException')) return undefined;
      throw error;
    }
  },

  async delete(name) {
    try {
      await ses().send(new DeleteEmailIdentityCommand({ EmailIdentity: name }));
    } catch (error) {
      if (!named(error, 'NotFoundException')) throw error;
    }
  },
};
