import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { recordSecretRead } from '#aws-call-log';
import { instrument } from './instrument';

/**
 * A secret the deployment generates, by the name of its variable: in AWS a Secrets Manager secret the
 * stack makes (`<name>_ARN`), read once per instance; `npm start` generates one into .local/ and
 * passes the value itself as `<name>`, as the tests do. It is never logged or returned.
 */
export const deploymentSecret = (name: string) => {
  let cached: Promise<string> | undefined;
  return () => {
    const value = process.env[name];
    if (value) {
      recordSecretRead(name);
      return Promise.resolve(value);
    }
    cached ??= (async () => {
      const arn = process.env[`${name}_ARN`];
      if (!arn) throw new Error(`Neither ${name} nor ${name}_ARN is set`);
      const client = instrument(new SecretsManagerClient({}));
      const { SecretString } = await client.send(new GetSecretValueCommand({ SecretId: arn }));
      if (!SecretString) throw new Error(`The secret ${name}_ARN names is empty`);
      return SecretString;
    })().catch((error) => {
      cached = undefined;
      throw error;
    });
    return cached;
  };
};
