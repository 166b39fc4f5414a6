import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import type { OtpSecret } from '../ports';
import { instrument } from './instrument';

let cached: Promise<string> | undefined;

/**
 * The key for OTP code hashes. In AWS it is a Secrets Manager secret the stack generates
 * (OTP_SECRET_ARN), read once per instance; `npm start` generates one into .local/ and passes it as
 * OTP_SECRET. It is never logged or returned.
 */
export const otpSecret: OtpSecret = {
  key() {
    if (process.env.OTP_SECRET) return Promise.resolve(process.env.OTP_SECRET);
    cached ??= (async () => {
      const arn = process.env.OTP_SECRET_ARN;
      if (!arn) throw new Error('Neither OTP_SECRET nor OTP_SECRET_ARN is set');
      const client = instrument(new SecretsManagerClient({}));
      const { SecretString } = await client.send(new GetSecretValueCommand({ SecretId: arn }));
      if (!SecretString) throw new Error('The OTP secret is empty');
      return SecretString;
    })().catch((error) => {
      cached = undefined;
      throw error;
    });
    return cached;
  },
};
