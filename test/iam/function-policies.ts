import { Stack, type CfnElement } from 'aws-cdk-lib';
import { ServiceFunction } from '../../lib/constructs/service-function';
import { wholeDeployment } from '../stack/templates';

type Json = Record<string, any>;

/** The account, region and partition every template reference resolves in (any fixed values do). */
export const ACCOUNT = '123456789012';
export const REGION = 'us-east-1';
export const PARTITION = 'aws';

export interface PolicyStatement {
  Effect: 'Allow' | 'Deny';
  Action: string | string[];
  Resource: string | string[];
  Condition?: Record<string, Record<string, string | string[]>>;
}

/** One deployed function as the template makes it: its handler, role, resolved policies and environment. */
export interface DeployedFunction {
  handler: string;
  logicalId: string;
  roleArn: string;
  statements: PolicyStatement[];
  /** Its environment, every reference resolved to the fixed account's names, URLs and ARNs. */
  environment: Record<string, string>;
}

const arn = (service: string, resource: string, region = REGION) =>
  `arn:${PARTITION}:${service}:${region}:${ACCOUNT}:${resource}`;

/**
 * Resolves CloudFormation's intrinsic functions in `template` (Ref, Fn::GetAtt, Fn::Join, Fn::Sub,
 * Fn::Select, Fn::Split) as a deployment in ACCOUNT/REGION would, each resource's physical name being
 * its logical id: a table's Ref is its name, its Arn `arn:aws:dynamodb:...:table/<id>`, a queue's Ref
 * its URL, a secret's Ref its ARN.
 */
export const resolver = (template: Json) => {
  const resources: Json = template.Resources;
  const pseudo: Record<string, string> = {
    'AWS::AccountId': ACCOUNT,
    'AWS::Region': REGION,
    'AWS::Partition': PARTITION,
    'AWS::URLSuffix': 'amazonaws.com',
    'AWS::StackName': 'EmailService',
    'AWS::NoValue': '',
  };
  const ref = (id: string): string => {
    if (id in pseudo) return pseudo[id];
    const type = resources[id]?.Type as string | undefined;
    if (!type) throw new Error(`Ref to ${id}, which is no resource`);
    if (type === 'AWS::SQS::Queue') return `https://sqs.${REGION}.amazonaws.com/${ACCOUNT}/${id}`;
    if (type === 'AWS::SecretsManager::Secret') return arn('secretsmanager', `secret:${id}-AbCdEf`);
    if (type === 'AWS::SNS::Topic') return arn('sns', id);
    // A bucket's name is lower case: its Ref and Arn agree on it.
    if (type === 'AWS::S3::Bucket') return id.toLowerCase();
    return id;
  };
  const getAtt = (id: string, attribute: string): string => {
    const type = resources[id]?.Type as string | undefined;
    if (!type) throw new Error(`Fn::GetAtt on ${id}, which is no resource`);
    if (attribute === 'Arn') {
      if (type.startsWith('AWS::DynamoDB::')) return arn('dynamodb', `table/${id}`);
      if (type === 'AWS::SQS::Queue') return arn('sqs', id);
      if (type === 'AWS::KMS::Key') return arn('kms', `key/${id}`);
      if (type === 'AWS::Lambda::Function') return arn('lambda', `function:${id}`);
      if (type === 'AWS::IAM::Role') return `arn:${PARTITION}:iam::${ACCOUNT}:role/${id}`;
      if (type === 'AWS::Logs::LogGroup') return arn('logs', `log-group:${id}:*`);
      if (type === 'AWS::SNS::Topic') return arn('sns', id);
      if (type === 'AWS::S3::Bucket') return `arn:${PARTITION}:s3:::${id.toLowerCase()}`;
    }
    if (type === 'AWS::SQS::Queue' && attribute === 'QueueName') return id;
    if (type === 'AWS::SQS::Queue' && attribute === 'QueueUrl') return ref(id);
    if (type === 'AWS::ApiGatewayV2::Api' && attribute === 'ApiEndpoint')
      return `https://${id}.execute-api.${REGION}.amazonaws.com`;
    return `${id}.${attribute}`;
  };
  const resolve = (value: unknown): any => {
    if (Array.isArray(value)) return value.map(resolve);
    if (value === null || typeof value !== 'object') return value;
    const object = value as Json;
    const [key] = Object.keys(object);
    if (Object.keys(object).length === 1) {
      const argument = object[key];
      if (key === 'Ref') return ref(argument);
      if (key === 'Fn::GetAtt') {
        const [id, attribute] = typeof argument === 'string' ? argument.split('.') : argument;
        return getAtt(id, attribute);
      }
      if (key === 'Fn::Join') return (resolve(argument[1]) as string[]).join(argument[0]);
      if (key === 'Fn::Select') return resolve(argument[1])[Number(resolve(argument[0]))];
      if (key === 'Fn::Split') return String(resolve(argument[1])).split(argument[0]);
      if (key === 'Fn::Sub') {
        const [text, variables] = typeof argument === 'string' ? [argument, {}] : argument;
        const given = resolve(variables) as Record<string, string>;
        return (text as string).replace(/\$\{([^}]+)\}/g, (_: string, name: string) => {
          if (name in given) return given[name];
          const [id, attribute] = name.split('.');
          return attribute ? getAtt(id, attribute) : ref(id);
        });
      }
    }
    return Object.fromEntries(Object.entries(object).map(([k, v]) => [k, resolve(v)]));
  };
  return resolve;
};

/** Every function of the synthesized stack (nested stacks included), by the handler it runs. */
export const deployedFunctions = (stack: Stack) => {
  const { template } = wholeDeployment(stack);
  const json = template.toJSON() as Json;
  const resolve = resolver(json);
  const logicalIdOf = (element: CfnElement) => Stack.of(element).getLogicalId(element);
  const policies = Object.values(json.Resources as Json).filter((resource) => resource.Type === 'AWS::IAM::Policy');
  const functions = new Map<string, DeployedFunction>();
  for (const fn of stack.node.findAll().filter((c): c is ServiceFunction => c instanceof ServiceFunction)) {
    const logicalId = logicalIdOf(fn.node.defaultChild as CfnElement);
    const roleId = logicalIdOf(fn.role!.node.defaultChild as CfnElement);
    const statements = policies
      .filter((policy) => (policy.Properties.Roles as { Ref: string }[]).some((role) => role.Ref === roleId))
      .flatMap((policy) => resolve(policy.Properties.PolicyDocument.Statement) as PolicyStatement[]);
    const environment = resolve(json.Resources[logicalId].Properties.Environment?.Variables ?? {}) as Record<
      string,
      string
    >;
    functions.set(fn.handlerName, {
      handler: fn.handlerName,
      logicalId,
      roleArn: `arn:${PARTITION}:iam::${ACCOUNT}:role/${roleId}`,
      statements,
      environment,
    });
  }
  return { functions, template: json, resolve };
};

/** Every action a function's policies allow, sorted. */
export const grantedActions = (fn: DeployedFunction) =>
  [...new Set(fn.statements.filter((s) => s.Effect === 'Allow').flatMap((s) => [s.Action].flat()))].sort();
