import { Stack } from 'aws-cdk-lib';
import { PolicyStatement, type IGrantable } from 'aws-cdk-lib/aws-iam';
import type { IKey } from 'aws-cdk-lib/aws-kms';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';

/**
 * Lets a function read the data key that seals provider passwords and signing keys: the secret, and
 * its KMS key for decryption through Secrets Manager only. The KMS statement is the role's own: the
 * key's policy lets the account's IAM policies grant its use, so no role needs to be named in it,
 * which a role of a nested stack could not be (the key's stack would wait on the role's, and the
 * role's on the key's).
 */
export const grantProviderSecretRead = (secret: ISecret, key: IKey, fn: IGrantable) => {
  secret.grantRead(fn);
  fn.grantPrincipal.addToPrincipalPolicy(
    new PolicyStatement({
      actions: ['kms:Decrypt'],
      resources: [key.keyArn],
      conditions: { StringEquals: { 'kms:ViaService': `secretsmanager.${Stack.of(key).region}.amazonaws.com` } },
    }),
  );
};
