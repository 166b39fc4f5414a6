import { runSimulation } from '@cloud-copilot/iam-simulate';
import type { RecordedCall } from '../../functions/adapters/call-log';
import { PARTITION, ACCOUNT, REGION, type DeployedFunction } from './function-policies';

type Json = Record<string, any>;

/** One request as IAM evaluates it. */
export interface IamRequest {
  action: string;
  resource: string;
  context: Record<string, string | string[]>;
  /** The resource's own policy in the template (a KMS key's key policy, a queue's policy), if it has one. */
  resourcePolicy?: Json;
}

const arn = (service: string, resource: string) => `arn:${PARTITION}:${service}:${REGION}:${ACCOUNT}:${resource}`;

/**
 * The requests IAM evaluates for one recorded call of `fn`: the resource resolved through the
 * function's own environment in the template (a variable it reads but the template does not give it
 * is an error here), `dynamodb:LeadingKeys` as a context key, and for a secret encrypted by a KMS key
 * of the stack the kms:Decrypt Secrets Manager makes on the caller's behalf (kms:ViaService).
 */
export const iamRequests = (
  fn: DeployedFunction,
  call: RecordedCall,
  template: Json,
  resolve: (value: unknown) => any,
): IamRequest[] => {
  const context: Record<string, string | string[]> = call.leadingKeys
    ? { 'dynamodb:LeadingKeys': call.leadingKeys }
    : {};
  if (call.resource === '*') return [{ action: call.action, resource: '*', context }];
  if (call.resource.startsWith('ses:'))
    return [{ action: call.action, resource: arn('ses', call.resource.slice(4)), context }];
  const match = /^env:([A-Z0-9_]+)(\/.*)?$/.exec(call.resource);
  if (!match)
    throw new Error(
      `${call.function}: ${call.action} on ${call.resource}, a resource named by no variable of its environment`,
    );
  const [, variable, index = ''] = match;
  const value = fn.environment[variable];
  if (value === undefined)
    throw new Error(`${call.function}: ${call.action} reads ${variable}, which its template does not set`);
  const service = call.action.split(':')[0];
  if (service === 's3') return [{ action: call.action, resource: `arn:${PARTITION}:s3:::${value}${index}`, context }];
  if (service === 'dynamodb')
    return [{ action: call.action, resource: arn('dynamodb', `table/${value}${index}`), context }];
  if (service === 'sqs') {
    const queueId = value.split('/').pop()!;
    const policy = Object.values(template.Resources as Json).find(
      (resource) =>
        resource.Type === 'AWS::SQS::QueuePolicy' &&
        (resource.Properties.Queues as { Ref: string }[]).some((q) => q.Ref === queueId),
    );
    return [
      {
        action: call.action,
        resource: arn('sqs', queueId),
        context,
        resourcePolicy: policy && resolve(policy.Properties.PolicyDocument),
      },
    ];
  }
  if (service === 'secretsmanager') {
    const secret = Object.entries(template.Resources as Json).find(
      ([id, resource]) => resource.Type === 'AWS::SecretsManager::Secret' && resolve({ Ref: id }) === value,
    );
    const keyId = secret?.[1].Properties.KmsKeyId;
    return [
      { action: call.action, resource: value, context },
      ...(keyId
        ? [
            {
              action: 'kms:Decrypt',
              resource: resolve(keyId) as string,
              context: { 'kms:ViaService': `secretsmanager.${REGION}.amazonaws.com` },
              // KMS needs its key's policy to let IAM policies grant its use: evaluated with it.
              resourcePolicy: resolve(template.Resources[keyId['Fn::GetAtt']?.[0] ?? keyId.Ref].Properties.KeyPolicy),
            },
          ]
        : []),
    ];
  }
  throw new Error(`${call.function}: no resource mapping for ${call.action}`);
};

/**
 * Whether the function's identity policies allow the request, by @cloud-copilot/iam-simulate; the evaluator's
 * errors as the answer when it refuses the input.
 */
export const decide = async (fn: DeployedFunction, request: IamRequest) => {
  const response = await runSimulation(
    {
      // The SDK calls over HTTPS, which the queues' policies require (aws:SecureTransport).
      request: {
        principal: fn.roleArn,
        action: request.action,
        resource: { resource: request.resource, accountId: ACCOUNT },
        contextVariables: { 'aws:SecureTransport': 'true', ...request.context },
      },
      identityPolicies: [{ name: 'role', policy: { Version: '2012-10-17', Statement: fn.statements } }],
      serviceControlPolicies: [],
      resourceControlPolicies: [],
      resourcePolicy: request.resourcePolicy,
    },
    {},
  );
  if (response.resultType === 'error') return `error: ${JSON.stringify(response.errors)}`;
  return response.overallResult;
};
