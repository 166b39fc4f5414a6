import { Names, Token, Validations, type CfnElement, type Stack } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';
import type { TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import type { Bucket } from 'aws-cdk-lib/aws-s3';

/** Every cdk-nag AwsSolutions finding this stack accepts, each with its reason. */
export const suppressNagFindings = (
  stack: Stack,
  resources: { table: TableV2; drainStarts: Queue; attachments: Bucket },
) => {
  // Granular findings name the resource as cdk-nag renders it: the region's and the account's literals when
  // the stack has them, as it does when the CLI knows the user's credentials (`cdk deploy`).
  const region = Token.isUnresolved(stack.region) ? '<AWS::Region>' : stack.region;
  const account = Token.isUnresolved(stack.account) ? '<AWS::AccountId>' : stack.account;
  const tableResource = resources.table.node.defaultChild as CfnElement;
  const tableId = stack.getLogicalId(tableResource);
  // In a route area (a nested stack) the table's ARN is a parameter CloudFormation passes in, which
  // CDK names after the table's unique id: "referenceto<unique id>Arn". Should CDK name it otherwise,
  // synth fails on the finding, with the name to put here.
  const tableParameter = `referenceto${Names.nodeUniqueId(tableResource.node)}Arn`;
  // The attachments bucket, by its logical id here and by the parameter a route area gets (as the table's).
  const bucketResource = resources.attachments.node.defaultChild as CfnElement;
  const bucketArns = [
    `<${stack.getLogicalId(bucketResource)}.Arn>`,
    `<referenceto${Names.nodeUniqueId(bucketResource.node)}Arn>`,
  ];
  const sesReason =
    'SES identities are verified by the user after deployment, so sending is allowed for any identity and ' +
    'configuration set of this account and region.';
  const acknowledged = [
    {
      id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
      reason:
        'AWSLambdaBasicExecutionRole only lets a function write its own logs: the least privilege for CloudWatch Logs.',
    },
    { id: `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:ses:${region}:${account}:identity/*]`, reason: sesReason },
    {
      id: `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:ses:${region}:${account}:configuration-set/*]`,
      reason: sesReason,
    },
    {
      id: `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:ses:${region}:${account}:tenant/*]`,
      reason:
        "SES tenants are made at run time, one per account's tenant (issue 42): their names and ids are not known " +
        'at deploy, so the tenant routes and the senders reach the tenants of this account and region.',
    },
    {
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason:
        'ses:GetAccount (the drainer paces by the SES send rate; the job runner sizes the window of a campaign ' +
        'in the bulk lane by it) and ses:SetActiveReceiptRuleSet (the deploy activates the inbound rule set: ' +
        'lib/inbound-mail.ts) take no resource.',
    },
    ...[`<${tableId}.Arn>`, `<${tableParameter}>`].map((table) => ({
      id: `AwsSolutions-IAM5[Resource::${table}/index/*]`,
      reason: "The table grant covers the table's own indexes (GSI1), nothing else.",
    })),
    ...bucketArns.map((bucket) => ({
      id: `AwsSolutions-IAM5[Resource::${bucket}/*]`,
      reason:
        "A mail's files are one object named at run time (<account>/<message uuid>); the grants are object " +
        'actions (put, get, delete) on this bucket only.',
    })),
    {
      id: 'AwsSolutions-L1',
      reason:
        'Node.js 22 is the runtime this project builds and tests against (node@22 devDependency); moving to a ' +
        'newer one is a deliberate change with its own tests.',
    },
    {
      id: 'AwsSolutions-APIG4',
      reason:
        'Every route authenticates in its function: Bearer API keys hashed in the table, with per-key ' +
        'permissions and rate limits (docs/promises.md). Health, OpenAPI and the provider receivers are public ' +
        'by design.',
    },
    {
      id: 'AwsSolutions-SNS2',
      reason:
        'The SES events topic carries delivery events (addresses, no content); the alarm topic carries alarm ' +
        'states (names and figures, no mail data). SES and CloudWatch alarms can publish to an encrypted topic ' +
        'only with a customer-managed KMS key whose policy admits them, which costs more than the rest of an ' +
        'idle deployment; add one if your policy demands it.',
    },
    {
      id: 'AwsSolutions-SMG4',
      reason:
        'Rotating the OTP hash key invalidates every code in flight (codes live at most an hour); rotate it by ' +
        'hand in a quiet hour rather than on a schedule. Rotating the provider-secret data key would make every ' +
        'sealed provider secret unreadable unless each were sealed again; the KMS key that encrypts it rotates ' +
        'yearly.',
    },
  ];
  for (const finding of acknowledged) Validations.of(stack).acknowledge(finding);
  Validations.of(resources.attachments).acknowledge({
    id: 'AwsSolutions-S1',
    reason:
      'The attachments bucket holds short-lived copies of queued mail files, written and read only by the ' +
      "service's own functions; their calls are in CloudTrail and the function logs. Access logs would add a " +
      'second bucket for no reader.',
  });
  Validations.of(resources.drainStarts).acknowledge({
    id: 'AwsSolutions-SQS3',
    reason:
      'The drain-start queue carries empty "start a drain run" messages; one that fails is worth nothing to keep ' +
      '(the schedule starts a run every minute), so it has no dead-letter queue.',
  });
};

/** The SMTP relay's findings (lib/smtp-relay.ts), each with its reason: what a public SMTP door must be. */
export const suppressRelayNagFindings = (
  relay: Stack,
  resources: { balancerGroup: IConstruct; taskDefinition: IConstruct; tlsSecret: IConstruct; loadBalancer: IConstruct },
) => {
  Validations.of(resources.balancerGroup).acknowledge({
    id: 'AwsSolutions-EC23',
    reason:
      'The SMTP relay is a public door by design, as smtp.resend.com is: any address may connect to 465 and 587 ' +
      '(only those ports); each mail needs an API key with the mail permission, over TLS.',
  });
  Validations.of(resources.taskDefinition).acknowledge({
    id: 'AwsSolutions-ECS2',
    reason:
      "The relay's environment is the functions' (table and queue names, URLs and secret ARNs, ports): names, " +
      'never secret values, which the task reads from Secrets Manager at start.',
  });
  Validations.of(resources.tlsSecret).acknowledge({
    id: 'AwsSolutions-SMG4',
    reason:
      'It holds the STARTTLS certificate and key the operator puts there from their CA; they replace it when the ' +
      'certificate is renewed (docs/guides/smtp-relay.md): nothing Secrets Manager could rotate by itself.',
  });
  Validations.of(resources.loadBalancer).acknowledge({
    id: 'AwsSolutions-ELB2',
    reason:
      "The balancer passes TCP through: the VPC's flow logs record every connection to the tasks, and the relay " +
      'logs each refusal; NLB access logs would add a bucket for TLS handshakes only.',
  });
  Validations.of(relay).acknowledge({
    id: 'AwsSolutions-IAM5[Resource::*]',
    reason: "ecr:GetAuthorizationToken (the task's execution role pulls the relay's image) takes no resource.",
  });
};
