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
  // An SES resource named by an ARN in the environment (the configuration set a tenant is tied to).
  if (service === 'ses') return [{ action: call.action, resource: value, context }];
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
  if (response.resultType === 'error') {
    if (JSON.stringify(response.errors).includes('no.resource.types') && SES_TENANT.test(request.resource))
      return matchAllows(fn, request);
    return `error: ${JSON.stringify(response.errors)}`;
  }
  return response.overallResult;
};

/** SES tenants (2025): a resource type the evaluator's IAM data does not know yet. */
const SES_TENANT = /^arn:[^:]+:ses:[^:]*:\d+:tenant\//;
const wildcard = (pattern: string) =>
  new RegExp(
    `^${pattern
      .replace(/[.+^${}()|[\]\\]/g, '\\$&')
      .replace(/\*/g, '.*')
      .replace(/\?/g, '.')}$`,
    'i',
  );
const listOf = (value: unknown) => (Array.isArray(value) ? value : [value]) as string[];

/**
 * For the one resource type the evaluator cannot read (SES_TENANT): a plain match of the role's statements
 * (an Allow whose actions and resources match, and no Deny that does; the roles have no conditions on SES).
 */
const matchAllows = (fn: DeployedFunction, request: IamRequest) => {
  const matching = (fn.statements as { Effect: string; Action: unknown; Resource: unknown }[]).filter(
    (statement) =>
      listOf(statement.Action).some((action) => wildcard(action).test(request.action)) &&
      listOf(statement.Resource).some(
        (resource) => typeof resource === 'string' && wildcard(resource).test(request.resource),
      ),
  );
  if (matching.some((statement) => statement.Effect === 'Deny')) return 'ExplicitlyDenied';
  return matching.some((statement) => statement.Effect === 'Allow') ? 'Allowed' : 'ImplicitlyDenied';
};
