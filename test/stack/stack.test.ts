import { routeGrants } from '../../functions/capabilities';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { LONGEST_SMTP_SEND_MS } from '../../functions/smtp-timeouts';
import { DRAIN_BUDGET_SECONDS, DRAIN_SAFETY_MS } from '../../functions/drain-timing';
import { QUEUES, WORKERS, type QueueDeclaration, type QueueName } from '../../functions/queues';
import { routes } from '../../functions/routes';
import { API_THROTTLE, PUBLIC_ROUTE_THROTTLE } from '../../lib/api-throttling';
import { createApp, withNagChecks } from '../../lib/app';
import { EmailServiceStack } from '../../lib/email-service-stack';
import { builtConsole } from '../../scripts/console';
import { Monitoring } from '../../lib/monitoring';
import { TENANT_COMPLAINTS_PER_HOUR, TENANT_HARD_BOUNCES_PER_HOUR } from '../../lib/tenant-insights';
import { TENANT_BOUNCE_LOG } from '../../functions/domain/bounces/record-bounce';
import { App, Stack } from 'aws-cdk-lib';
import { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { Code, Function as LambdaFunction, Runtime } from 'aws-cdk-lib/aws-lambda';
import { Queue } from 'aws-cdk-lib/aws-sqs';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { scratchDir } from '../support/scratch-dir';
import { synthesizedTemplates, wholeDeployment } from './templates';

/** Every resource of the deployment, the route areas' nested stacks included (./templates.ts). */
let template: Template;
/** For a resource of a nested stack: the parent's resource that makes that stack. */
let holder: Map<string, string>;
/** What the synths of this file write (each about 250 MB), removed after it. */
const synthesized = scratchDir('cdk-');
const outdir = join(synthesized, 'offline');
/** The logical id of a route's function (described by its route key). */
const functionOf = (routeId: string) => {
  const route = routes.find((r) => r.id === routeId)!;
  return Object.keys(
    template.findResources('AWS::Lambda::Function', { Properties: { Description: `${route.method} ${route.path}` } }),
  )[0];
};
/** The Timeout of the one function with this description (routes are described by their route key). */
const timeoutOf = (description: string) => {
  const [fn, ...others] = Object.values(
    template.findResources('AWS::Lambda::Function', { Properties: { Description: description } }),
  );
  expect(others, description).toHaveLength(0);
  return fn.Properties.Timeout as number;
};
interface Statement {
  Action: string | string[];
  Resource: unknown;
  Condition?: Record<string, Record<string, string | string[]>>;
}
const statementsOf = (functionLogicalId: string) => {
  const role = template.findResources('AWS::Lambda::Function')[functionLogicalId].Properties.Role['Fn::GetAtt'][0];
  const policies = template.findResources('AWS::IAM::Policy');
  return Object.values(policies)
    .filter((policy) => policy.Properties.Roles.some((r: { Ref: string }) => r.Ref === role))
    .flatMap((policy) => policy.Properties.PolicyDocument.Statement as Statement[]);
};
const policyOf = (functionLogicalId: string) =>
  statementsOf(functionLogicalId).flatMap((statement) => [statement.Action].flat());
/** A function's statements on the table: their actions, and the partition keys they are held to (none: any item). */
const tableStatementsOf = (routeId: string) =>
  statementsOf(functionOf(routeId))
    .filter((statement) => [statement.Action].flat().some((action) => action.startsWith('dynamodb:')))
    .map((statement) => ({
      actions: [statement.Action].flat().sort(),
      leadingKeys: [statement.Condition?.['ForAllValues:StringLike']?.['dynamodb:LeadingKeys'] ?? []].flat().sort(),
    }));
/** Whether the function may read the Secrets Manager secret whose logical id starts so. */
const readsSecret = (functionLogicalId: string, secretIdPrefix: string) =>
  statementsOf(functionLogicalId).some(
    (statement) =>
      [statement.Action].flat().includes('secretsmanager:GetSecretValue') &&
      ((statement.Resource as { Ref?: string }).Ref ?? '').startsWith(secretIdPrefix),
  );
const TABLE_WRITES = ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem'];
const ITEM_READS = ['dynamodb:BatchGetItem', 'dynamodb:ConditionCheckItem', 'dynamodb:GetItem', 'dynamodb:Query'];

beforeAll(() => {
  // Synthesis runs the cdk-nag AwsSolutions checks as a validation plugin: any unacknowledged finding throws here.
  const { app, stack } = createApp({ outdir });
  app.synth();
  ({ template, holder } = wholeDeployment(stack));
}, 240_000);

describe('the deployment', () => {
  it(
    'keeps every template (the stack and each nested stack) at 250 resources or fewer, half of what ' +
      'CloudFormation takes',
    () => {
      const templates = synthesizedTemplates(outdir);
      // The core and one nested stack per route area (lib/route-areas.ts).
      expect(templates.length).toBeGreaterThan(2);
      for (const { file, resources } of templates) expect(resources, file).toBeLessThanOrEqual(250);
    },
  );

  it('puts each route area in a nested stack of its own, the core in the stack', () => {
    const tags = new Set(routes.map((route) => route.tag));
    template.resourceCountIs('AWS::CloudFormation::Stack', tags.size);
    for (const route of routes) {
      const [fn] = Object.keys(
        template.findResources('AWS::Lambda::Function', {
          Properties: { Description: `${route.method} ${route.path}` },
        }),
      );
      expect(holder.get(fn), route.id).toMatch(
        new RegExp(`^Routes${route.tag.replace(/[^A-Za-z0-9]/g, '')}NestedStack`),
      );
    }
    for (const type of [
      'AWS::DynamoDB::GlobalTable',
      'AWS::SQS::Queue',
      'AWS::SecretsManager::Secret',
      'AWS::KMS::Key',
      'AWS::ApiGatewayV2::Api',
      'AWS::CloudWatch::Alarm',
    ]) {
      for (const id of Object.keys(template.findResources(type)))
        expect(holder.get(id), `${type} ${id}`).toBeUndefined();
    }
  });

  it(
    'makes one API Gateway route and one Node 22 ARM64 function per route-table entry, plus the ANY /{proxy+} ' +
      'catch-all',
    () => {
      for (const route of routes) {
        template.hasResourceProperties('AWS::ApiGatewayV2::Route', { RouteKey: `${route.method} ${route.path}` });
        template.hasResourceProperties('AWS::Lambda::Function', {
          Description: `${route.method} ${route.path}`,
          Runtime: 'nodejs22.x',
          Architectures: ['arm64'],
        });
      }
      template.hasResourceProperties('AWS::ApiGatewayV2::Route', { RouteKey: 'ANY /{proxy+}' });
      // Besides the routes: the catch-all, the drainer, the SES events function, the webhook deliverer, the job
      // runner, the domain checker, the inbound mail parser and the automation runner.
      template.resourceCountIs('AWS::Lambda::Function', routes.length + 8);
    },
  );

  it('gives every function at least 256 MB and a timeout of its own, not the 128 MB / 3 s Lambda defaults', () => {
    // Every function of the template, none excluded: the stack makes no CDK custom-resource functions.
    for (const [id, { Properties }] of Object.entries(template.findResources('AWS::Lambda::Function'))) {
      expect(Properties.MemorySize, id).toBeGreaterThanOrEqual(256);
      expect(Properties.Timeout, id).toBeTypeOf('number');
      expect(Properties.Timeout, id).toBeGreaterThan(3);
    }
  });

  it('ends every route function before API Gateway stops waiting for it (30 s)', () => {
    for (const route of routes) expect(timeoutOf(`${route.method} ${route.path}`), route.id).toBeLessThanOrEqual(29);
  });

  it('lets every function that sends mail outlive one SMTP send at its longest', () => {
    const sending = routes.filter((route) => routeGrants(route).includes('sendMail'));
    expect(sending.map((route) => route.id)).toEqual(['mail-send', 'otp-send', 'otp-resend', 'resend-emails-send']);
    for (const route of sending)
      expect(timeoutOf(`${route.method} ${route.path}`) * 1000, route.id).toBeGreaterThan(LONGEST_SMTP_SEND_MS);
  });

  it('has the single table with its index, TTL and point-in-time recovery', () => {
    template.hasResourceProperties('AWS::DynamoDB::GlobalTable', {
      KeySchema: [
        { AttributeName: 'pk', KeyType: 'HASH' },
        { AttributeName: 'sk', KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: [
        ...['gsi1', 'gsi2', 'gsi3', 'gsi4'].map((IndexName) =>
          Match.objectLike({ IndexName, Projection: { ProjectionType: 'ALL' } }),
        ),
        // The reconciler's sparse index of unsettled messages: keys only, so updates while a message waits
        // cost no index write.
        Match.objectLike({ IndexName: 'gsi5', Projection: { ProjectionType: 'KEYS_ONLY' } }),
        // A message by its provider's id: keys only, so a message's later writes cost it nothing.
        Match.objectLike({ IndexName: 'gsi6', Projection: { ProjectionType: 'KEYS_ONLY' } }),
        // The message log: only what its filters read, so a status move writes a small entry.
        Match.objectLike({
          IndexName: 'gsi7',
          Projection: { ProjectionType: 'INCLUDE', NonKeyAttributes: ['status', 'log_recipient', 'tags'] },
        }),
      ],
      TimeToLiveSpecification: { AttributeName: 'ttl', Enabled: true },
      Replicas: [Match.objectLike({ PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true } })],
    });
  });

  it('has the send queue, its dead-letter queue, and a drainer scheduled every minute with capped concurrency', () => {
    template.hasResourceProperties('AWS::SQS::Queue', {
      RedrivePolicy: Match.objectLike({ deadLetterTargetArn: Match.anyValue() }),
    });
    template.hasResourceProperties('AWS::Events::Rule', { ScheduleExpression: 'rate(1 minute)' });
    template.hasResourceProperties('AWS::Lambda::Function', {
      Description: 'Sends queued mail at the provider rate',
      ReservedConcurrentExecutions: 3,
    });
  });

  it('starts the drainer from the drain-start queue, which only the enqueuing routes and the drainer write to', () => {
    const [drainer] = Object.keys(
      template.findResources('AWS::Lambda::Function', {
        Properties: { Description: 'Sends queued mail at the provider rate' },
      }),
    );
    const [startQueue, ...others] = Object.entries(template.findResources('AWS::SQS::Queue')).filter(([id]) =>
      id.startsWith('DrainStartQueue'),
    );
    expect(others).toEqual([]);
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: drainer },
      EventSourceArn: { 'Fn::GetAtt': [startQueue![0], 'Arn'] },
      ScalingConfig: { MaximumConcurrency: 2 },
    });
    // Lambda requires a trigger's queue to hide a message for at least the function's timeout.
    expect(startQueue![1].Properties.VisibilityTimeout).toBeGreaterThanOrEqual(
      timeoutOf('Sends queued mail at the provider rate'),
    );
    const writesStarts = (fn: string) =>
      statementsOf(fn).some(
        (statement) =>
          [statement.Action].flat().includes('sqs:SendMessage') &&
          JSON.stringify(statement.Resource).includes(startQueue![0]),
      );
    expect(writesStarts(functionOf('mail-send-batch'))).toBe(true);
    expect(writesStarts(drainer!)).toBe(true);
    for (const id of ['mail-send', 'mail-status', 'track-open', 'webhooks-ses'])
      expect(writesStarts(functionOf(id)), id).toBe(false);
  });

  it(
    'gives the drainer a whole budget plus a margin longer than one send, and hides a taken message for longer ' +
      'than a run',
    () => {
      expect(DRAIN_SAFETY_MS).toBeGreaterThan(LONGEST_SMTP_SEND_MS);
      const drainerTimeout = timeoutOf('Sends queued mail at the provider rate');
      expect(drainerTimeout * 1000).toBeGreaterThanOrEqual(DRAIN_BUDGET_SECONDS * 1000 + DRAIN_SAFETY_MS);
      const [sendQueue] = Object.values(
        template.findResources('AWS::SQS::Queue', { Properties: { RedrivePolicy: Match.anyValue() } }),
      );
      expect(sendQueue.Properties.VisibilityTimeout).toBeGreaterThan(drainerTimeout);
    },
  );

  it('builds each queue, its dead-letter queue and its trigger as functions/queues.ts declares them', () => {
    const queues = template.findResources('AWS::SQS::Queue');
    const idOf = (name: QueueName) =>
      Object.keys(queues).find(
        (id) => id.startsWith(QUEUES[name].id) && /^[0-9A-F]{8}$/.test(id.slice(QUEUES[name].id.length)),
      )!;
    expect(Object.keys(queues)).toHaveLength(Object.keys(QUEUES).length);
    for (const name of Object.keys(QUEUES) as QueueName[]) {
      const declared: QueueDeclaration = QUEUES[name];
      const { Properties } = queues[idOf(name)];
      expect(Properties.MessageRetentionPeriod, name).toBe(declared.retentionSeconds);
      expect(Properties.VisibilityTimeout, name).toBe(declared.visibilityTimeoutSeconds);
      expect(Properties.RedrivePolicy, name).toEqual(
        declared.deadLetter && {
          deadLetterTargetArn: { 'Fn::GetAtt': [idOf(declared.deadLetter.queue), 'Arn'] },
          maxReceiveCount: declared.deadLetter.maxReceiveCount,
        },
      );
      const triggers = Object.values(
        template.findResources('AWS::Lambda::EventSourceMapping', {
          Properties: { EventSourceArn: { 'Fn::GetAtt': [idOf(name), 'Arn'] } },
        }),
      );
      expect(
        triggers.map((t) => t.Properties.BatchSize),
        name,
      ).toEqual(declared.consumer ? [declared.consumer.batchSize] : []);
    }
  });

  it('routes SES events through a configuration set to an SNS topic and its subscribed function', () => {
    template.hasResourceProperties('AWS::SES::ConfigurationSetEventDestination', {
      EventDestination: Match.objectLike({
        MatchingEventTypes: Match.arrayWith(['bounce', 'complaint', 'delivery']),
        SnsDestination: Match.anyValue(),
      }),
    });
    template.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'lambda' });
  });

  it('keeps SES events SNS cannot deliver or the function fails on in a retained, encrypted dead-letter queue', () => {
    const [sesEvents] = Object.values(
      template.findResources('AWS::Lambda::Function', {
        Properties: { Description: 'Applies SES bounce, complaint and delivery events from SNS' },
      }),
    );
    const queueArn = sesEvents.Properties.DeadLetterConfig?.TargetArn;
    expect(queueArn, 'the function has no dead-letter queue').toEqual({ 'Fn::GetAtt': [expect.any(String), 'Arn'] });
    const queue = template.toJSON().Resources[queueArn['Fn::GetAtt'][0]];
    expect(queue).toMatchObject({
      Type: 'AWS::SQS::Queue',
      DeletionPolicy: 'Retain',
      Properties: { SqsManagedSseEnabled: true },
    });
    template.hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'lambda',
      RedrivePolicy: { deadLetterTargetArn: queueArn },
    });
  });

  it('grants each function only what it uses', () => {
    expect(policyOf(functionOf('health'))).toEqual([]);
    expect(policyOf(functionOf('mail-send'))).toEqual(expect.arrayContaining(['ses:SendEmail', 'dynamodb:PutItem']));
    expect(policyOf(functionOf('mail-status'))).not.toContain('ses:SendEmail');
    expect(policyOf(functionOf('mail-status'))).not.toContain('sqs:SendMessage');
    expect(policyOf(functionOf('mail-send-batch'))).toContain('sqs:SendMessage');
    expect(policyOf(functionOf('mail-send-batch'))).not.toContain('ses:SendEmail');
    expect(readsSecret(functionOf('otp-verify'), 'OtpHashKey')).toBe(true);
    expect(readsSecret(functionOf('otp-status'), 'OtpHashKey')).toBe(false);
    expect(readsSecret(functionOf('mail-send'), 'OtpHashKey')).toBe(false);
  });

  it("keeps every function's environment under Lambda's 4 KB (a deploy fails past it)", () => {
    for (const [id, fn] of Object.entries(template.findResources('AWS::Lambda::Function'))) {
      const variables: Record<string, unknown> = fn.Properties.Environment?.Variables ?? {};
      // A reference resolves at deploy to an ARN, a URL or a name: counted at 128 bytes.
      const size = Object.entries(variables).reduce(
        (bytes, [name, value]) => bytes + name.length + (typeof value === 'string' ? value.length : 128),
        0,
      );
      expect(size, id).toBeLessThan(4096);
    }
  });

  it("names in a function's environment only the queues, secrets and buckets its grants reach", () => {
    const variablesOf = (logicalId: string) =>
      Object.keys(template.findResources('AWS::Lambda::Function')[logicalId].Properties.Environment.Variables);
    const RESOURCES = /_URL$|_ARN$|_BUCKET$/;
    // PUBLIC_BASE_URL is the API's own address, which every function may link to.
    const reached = (logicalId: string) =>
      variablesOf(logicalId).filter((name) => RESOURCES.test(name) && name !== 'PUBLIC_BASE_URL');
    expect(reached(functionOf('health'))).toEqual([]);
    expect(reached(functionOf('mail-status'))).toEqual([]);
    expect(reached(functionOf('mail-send-batch'))).toEqual(
      expect.arrayContaining(['QUEUE_URL', 'DRAIN_START_QUEUE_URL', 'ATTACHMENTS_BUCKET']),
    );
    expect(reached(functionOf('mail-send-batch'))).not.toContain('OTP_SECRET_ARN');
    expect(reached(functionOf('otp-send'))).toContain('OTP_SECRET_ARN');
    expect(reached(functionOf('mail-send'))).not.toContain('QUEUE_URL');
  });

  it('lets the domain routes call only the SES identity actions they need, and checks domains every 15 minutes', () => {
    const identityActions = (fn: string) =>
      policyOf(fn)
        .filter((action) => /^ses:.*EmailIdentity/.test(action))
        .sort();
    expect(identityActions(functionOf('domains-create'))).toEqual([
      'ses:CreateEmailIdentity',
      'ses:GetEmailIdentity',
      'ses:PutEmailIdentityMailFromAttributes',
    ]);
    // A claim that did not verify within 72 hours is released where it is checked: its identity deleted (issue 35).
    expect(identityActions(functionOf('domains-verify'))).toEqual(['ses:DeleteEmailIdentity', 'ses:GetEmailIdentity']);
    expect(identityActions(functionOf('domains-delete'))).toEqual(['ses:DeleteEmailIdentity']);
    // The Resend routes over the same use cases (functions/routes/resend.ts) hold the same actions.
    expect(identityActions(functionOf('resend-domains-create'))).toEqual(identityActions(functionOf('domains-create')));
    expect(identityActions(functionOf('resend-domains-verify'))).toEqual(identityActions(functionOf('domains-verify')));
    expect(identityActions(functionOf('resend-domains-delete'))).toEqual(['ses:DeleteEmailIdentity']);
    const identityRoutes = [
      'domains-create',
      'domains-verify',
      'domains-delete',
      'resend-domains-create',
      'resend-domains-verify',
      'resend-domains-delete',
    ];
    for (const route of routes.filter((r) => !identityRoutes.includes(r.id)))
      expect(identityActions(functionOf(route.id)), route.id).toEqual([]);
    // The domain routes hold to the domains' items and the claims on names, like the other narrowed routes.
    expect(
      tableStatementsOf('domains-create')
        .flatMap((s) => s.leadingKeys)
        .toSorted(),
    ).toEqual(expect.arrayContaining(['ACCOUNT#*', 'DOMAINNAME#*']));
    expect(tableStatementsOf('domains-create').every((s) => s.leadingKeys.length > 0)).toBe(true);

    const [checker, ...others] = Object.keys(
      template.findResources('AWS::Lambda::Function', {
        Properties: { Description: 'Checks the DNS records and SES state of sending domains' },
      }),
    );
    expect(others).toEqual([]);
    expect(identityActions(checker)).toEqual(['ses:DeleteEmailIdentity', 'ses:GetEmailIdentity']);
    template.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: 'rate(15 minutes)',
      Targets: Match.arrayWith([Match.objectLike({ Arn: { 'Fn::GetAtt': [checker, 'Arn'] } })]),
    });
  });

  it("lets a read-only route read the table and write nothing but its key's rate-limit counter and its log", () => {
    const reading = routes.filter(
      (route) => route.method === 'GET' && route.permission !== null && !route.id.startsWith('otp-'),
    );
    expect(reading.length).toBeGreaterThan(5);
    for (const route of reading) {
      const statements = tableStatementsOf(route.id);
      expect(
        statements.filter((s) => s.actions.some((action) => TABLE_WRITES.includes(action))),
        route.id,
      ).toEqual(
        // The request log's entry (functions/http/middleware/request-log.ts) is a Put of a new item, never an update.
        expect.arrayContaining([
          { actions: ['dynamodb:UpdateItem'], leadingKeys: ['RATE#*'] },
          { actions: ['dynamodb:PutItem'], leadingKeys: ['REQLOG#*'] },
        ]),
      );
      expect(
        statements.filter((s) => s.actions.some((action) => TABLE_WRITES.includes(action))),
        route.id,
      ).toHaveLength(2);
      expect(
        statements.flatMap((s) => s.actions),
        route.id,
      ).toEqual(expect.arrayContaining(['dynamodb:GetItem', 'dynamodb:Query']));
    }
    // Writing routes keep writing.
    expect(tableStatementsOf('lists-create').flatMap((s) => s.actions)).toEqual(
      expect.arrayContaining(['dynamodb:PutItem', 'dynamodb:DeleteItem']),
    );
  });

  it('holds each OTP route to the items it uses, by their partition keys', () => {
    const authentication = ['APIKEYHASH#*'];
    const rateLimit = { actions: ['dynamodb:UpdateItem'], leadingKeys: ['RATE#*'] };
    // Every keyed request is written to the request log (http/middleware/request-log.ts).
    const requestLog = { actions: ['dynamodb:PutItem'], leadingKeys: ['REQLOG#*'] };
    const held = (read: string[], write: string[]) => [
      { actions: ITEM_READS, leadingKeys: [...new Set([...read, ...write, ...authentication])].sort() },
      ...(write.length ? [{ actions: TABLE_WRITES.toSorted(), leadingKeys: write.toSorted() }] : []),
      rateLimit,
      requestLog,
    ];
    const expected = {
      // Suppression list, providers (ACCOUNT#..., the sending brake among them) and the claims on the
      // sender's domain names (DOMAINNAME#..., the sender rule) read; session, per-address window, send
      // counters and the account's reputation counters (STATS#...) written.
      'otp-send': held(
        ['ACCOUNT#*#SUPPRESSION', 'ACCOUNT#*', 'DOMAINNAME#*'],
        ['OTP#*#*', 'OTPRATE#*#*', 'SENDCOUNT#*', 'STATS#*'],
      ),
      'otp-resend': held(['ACCOUNT#*', 'DOMAINNAME#*'], ['OTP#*#*', 'SENDCOUNT#*', 'STATS#*']),
      'otp-verify': held([], ['OTP#*#*']),
      'otp-status': held(['OTP#*#*'], []),
    };
    for (const [routeId, statements] of Object.entries(expected))
      expect(
        tableStatementsOf(routeId).toSorted((a, b) => a.actions.join().localeCompare(b.actions.join())),
        routeId,
      ).toEqual(statements.toSorted((a, b) => a.actions.join().localeCompare(b.actions.join())));
  });

  it('throttles the whole API, and each public route (the provider receivers among them) more tightly', () => {
    const [stageId, stage] = Object.entries(template.findResources('AWS::ApiGatewayV2::Stage'))[0];
    expect(stage.Properties.DefaultRouteSettings).toEqual({
      ThrottlingBurstLimit: API_THROTTLE.burstLimit,
      ThrottlingRateLimit: API_THROTTLE.rateLimit,
    });
    const publicKeys = [
      ...routes.filter((route) => route.permission === null).map((route) => `${route.method} ${route.path}`),
      'ANY /{proxy+}',
    ];
    expect(publicKeys).toEqual(
      expect.arrayContaining([
        'POST /api/v1/webhooks/ses',
        'POST /api/v1/webhooks/sendgrid',
        'POST /api/v1/webhooks/mailgun',
      ]),
    );
    const tight = {
      ThrottlingBurstLimit: PUBLIC_ROUTE_THROTTLE.burstLimit,
      ThrottlingRateLimit: PUBLIC_ROUTE_THROTTLE.rateLimit,
    };
    expect(stage.Properties.RouteSettings).toEqual(Object.fromEntries(publicKeys.map((key) => [key, tight])));
    expect(PUBLIC_ROUTE_THROTTLE.rateLimit).toBeLessThan(API_THROTTLE.rateLimit);
    // A stage naming a route key that does not exist yet fails to deploy: the stage waits for those routes.
    const routeIds = Object.entries(template.findResources('AWS::ApiGatewayV2::Route'))
      .filter(([, route]) => publicKeys.includes(route.Properties.RouteKey))
      .map(([id]) => id);
    expect(routeIds).toHaveLength(publicKeys.length);
    // The route itself where it is in the stack, the nested stack that makes it otherwise.
    expect(template.toJSON().Resources[stageId].DependsOn).toEqual(
      expect.arrayContaining(routeIds.map((id) => holder.get(id) ?? id)),
    );
  });

  it(
    'seals provider secrets with a retained data key under a rotating KMS key, readable only by what seals or ' +
      'opens them',
    () => {
      const keys = Object.entries(template.findResources('AWS::KMS::Key'));
      expect(keys).toHaveLength(1);
      const [keyId, key] = keys[0];
      expect(key).toMatchObject({ DeletionPolicy: 'Retain', Properties: { EnableKeyRotation: true } });
      const secrets = Object.entries(
        template.findResources('AWS::SecretsManager::Secret', {
          Properties: { KmsKeyId: { 'Fn::GetAtt': [keyId, 'Arn'] } },
        }),
      );
      expect(secrets).toHaveLength(1);
      const [secretId, secret] = secrets[0];
      expect(secret.DeletionPolicy).toBe('Retain');

      const functions = template.findResources('AWS::Lambda::Function');
      expect(secretId).toMatch(/^ProviderSecretKey/);
      const readers = Object.keys(functions).filter((id) => readsSecret(id, 'ProviderSecretKey'));
      const [drainer] = Object.keys(
        template.findResources('AWS::Lambda::Function', {
          Properties: { Description: 'Sends queued mail at the provider rate' },
        }),
      );
      const [deliverer] = Object.keys(
        template.findResources('AWS::Lambda::Function', {
          Properties: { Description: 'Posts signed outbound events to webhook endpoints' },
        }),
      );
      const sealOrOpen = [
        'providers-create',
        'providers-update',
        'mail-send',
        'otp-send',
        'otp-resend',
        'webhooks-sendgrid',
        'webhooks-mailgun',
        'webhook-endpoints-create',
        'webhook-endpoints-rotate-secret',
        'resend-emails-send',
        'resend-webhooks-create',
        'resend-webhooks-rotate-secret',
      ].map(functionOf);
      // An automation's send_email step sends through the native send path: it opens a provider's password.
      const [runner] = Object.keys(
        template.findResources('AWS::Lambda::Function', {
          Properties: { Description: WORKERS.automationRunner.description },
        }),
      );
      expect(readers.sort()).toEqual([...sealOrOpen, drainer, deliverer, runner].sort());
      // KMS decrypts the data key for those roles only (through Secrets Manager): the key policy lets the
      // account's IAM policies grant its use, and only those roles' policies do.
      const roleOf = (id: string) => functions[id].Properties.Role['Fn::GetAtt'][0];
      const decrypts = (statement: Statement) =>
        [statement.Action].flat().includes('kms:Decrypt') && JSON.stringify(statement.Resource).includes(keyId);
      const decrypting = Object.keys(functions).filter((id) => statementsOf(id).some(decrypts));
      expect(decrypting.sort()).toEqual(readers.sort());
      for (const id of decrypting) {
        for (const statement of statementsOf(id).filter(decrypts)) {
          expect(Object.keys(statement.Condition?.StringEquals ?? {}), id).toEqual(['kms:ViaService']);
          expect(JSON.stringify(statement.Condition), id).toContain('secretsmanager.');
        }
      }
      // Roles the key policy names itself (those in the stack) are readers too.
      const named = (key.Properties.KeyPolicy.Statement as { Action: string | string[]; Principal: { AWS: unknown } }[])
        .filter((statement) => [statement.Action].flat().includes('kms:Decrypt'))
        .flatMap((statement) => [statement.Principal.AWS].flat())
        .filter((principal) => typeof principal === 'object' && principal !== null && 'Fn::GetAtt' in principal)
        .map((principal) => (principal as { 'Fn::GetAtt': string[] })['Fn::GetAtt'][0]);
      expect(readers.map(roleOf)).toEqual(expect.arrayContaining(named));
    },
  );

  it("bundles the provider secret key's reader only into the functions that may read the key", () => {
    const functions = template.findResources('AWS::Lambda::Function');
    for (const [id, fn] of Object.entries(functions)) {
      const bundle = readFileSync(
        join(outdir, `asset.${(fn.Properties.Code.S3Key as string).replace(/\.zip$/, '')}`, 'index.mjs'),
        'utf8',
      );
      expect(bundle.includes('PROVIDER_SECRET_KEY'), id).toBe(readsSecret(id, 'ProviderSecretKey'));
    }
  });

  it(
    'keeps nodemailer out of every index.mjs: a file of its own, only beside the functions that may send over ' +
      'SMTP, loaded on first use',
    async () => {
      const functions = template.findResources('AWS::Lambda::Function');
      const senders = [
        ...routes.filter((route) => routeGrants(route).includes('sendMail')).map((route) => functionOf(route.id)),
        ...[WORKERS.drainer.description, WORKERS.automationRunner.description].flatMap((description) =>
          Object.keys(template.findResources('AWS::Lambda::Function', { Properties: { Description: description } })),
        ),
      ];
      expect(senders).toHaveLength(6);
      for (const [id, fn] of Object.entries(functions)) {
        const asset = join(outdir, `asset.${(fn.Properties.Code.S3Key as string).replace(/\.zip$/, '')}`);
        const bundle = readFileSync(join(asset, 'index.mjs'), 'utf8');
        // nodemailer's own strings (its home page, in its headers and errors), never in the file Lambda loads at init.
        expect(bundle.includes('nodemailer.com'), id).toBe(false);
        expect(bundle.includes('import("./nodemailer.mjs")'), id).toBe(senders.includes(id));
        expect(existsSync(join(asset, 'nodemailer.mjs')), id).toBe(senders.includes(id));
      }
      // The built file is nodemailer, as smtp-mailer.ts imports it.
      const asset = join(
        outdir,
        `asset.${(functions[senders[0]].Properties.Code.S3Key as string).replace(/\.zip$/, '')}`,
      );
      const { default: nodemailer } = await import(pathToFileURL(join(asset, 'nodemailer.mjs')).href);
      expect(typeof nodemailer.createTransport).toBe('function');
    },
  );

  it(
    "keeps html-to-text and the attachments' S3 client out of the send functions' index.mjs: files beside it, " +
      'loaded on first use, and in index.mjs only where every call needs them',
    async () => {
      const functions = template.findResources('AWS::Lambda::Function');
      const assetOf = (id: string) =>
        join(outdir, `asset.${(functions[id].Properties.Code.S3Key as string).replace(/\.zip$/, '')}`);
      // Each package's own strings (html-to-text's option name, S3's endpoint rules), and where it is bundled
      // whole: the inbound parser (mailparser imports html-to-text) and the routes that read the inbound bucket.
      const lazy = [
        { file: 'html-to-text.mjs', marker: 'baseElements' },
        { file: 'client-s3.mjs', marker: 's3-object-lambda' },
      ];
      const parser = Object.keys(
        template.findResources('AWS::Lambda::Function', {
          Properties: { Description: WORKERS.inboundParser.description },
        }),
      );
      expect(parser).toHaveLength(1);
      // The routes that read the inbound bucket or sign links to it on every call (GET /inbound/{id}, Resend's).
      const linkers = routes
        .filter((route) => route.uses?.includes('inboundObjects'))
        .map((route) => functionOf(route.id));
      expect(linkers).toContain(functionOf('inbound-get'));
      const beside: Record<string, string[]> = { 'html-to-text.mjs': [], 'client-s3.mjs': [] };
      for (const id of Object.keys(functions)) {
        const asset = assetOf(id);
        const bundle = readFileSync(join(asset, 'index.mjs'), 'utf8');
        for (const { file, marker } of lazy) {
          const inIndex = bundle.includes(marker);
          const imported = bundle.includes(`import("./${file}")`);
          // Never both: a function that carries the package in index.mjs has no file of it beside.
          expect(inIndex && imported, `${id} ${file}`).toBe(false);
          expect(existsSync(join(asset, file)), `${id} ${file}`).toBe(imported);
          if (imported) beside[file].push(id);
          if (inIndex && file === 'html-to-text.mjs') expect(parser, id).toContain(id);
          if (inIndex && file === 'client-s3.mjs') expect([...parser, ...linkers], id).toContain(id);
        }
      }
      // Every function that may make a template's text part, or put a large mail's files, loads them late.
      expect(beside['html-to-text.mjs']).toEqual(
        expect.arrayContaining(
          ['mail-send', 'mail-send-batch', 'resend-emails-send', 'resend-emails-batch', 'templates-render'].map(
            functionOf,
          ),
        ),
      );
      expect(beside['client-s3.mjs']).toEqual(
        expect.arrayContaining(['mail-send', 'mail-send-batch', 'mail-cancel', 'resend-emails-send'].map(functionOf)),
      );
      // The built files are the packages, as plain-text.ts and s3-attachment-store.ts import them.
      const send = assetOf(functionOf('mail-send'));
      const { convert } = await import(pathToFileURL(join(send, 'html-to-text.mjs')).href);
      expect(convert('<p>Hi <a href="https://example.com/a">there</a></p>', { wordwrap: false })).toBe(
        'Hi there [https://example.com/a]',
      );
      const s3 = await import(pathToFileURL(join(send, 'client-s3.mjs')).href);
      expect(typeof s3.S3Client).toBe('function');
      expect(typeof s3.PutObjectCommand).toBe('function');
    },
  );

  it("ships the reference page beside the docs function's bundle, where the handler reads it", () => {
    const code = template.findResources('AWS::Lambda::Function')[functionOf('docs')].Properties.Code as {
      S3Key: string;
    };
    const shipped = readFileSync(join(outdir, `asset.${code.S3Key.replace(/\.zip$/, '')}`, 'docs/reference.html.gz'));
    expect(
      shipped.equals(readFileSync(new URL('../../docs/reference.html.gz', import.meta.url))),
      'docs/reference.html.gz is not in the bundle',
    ).toBe(true);
  });

  it(
    "ships the built console (console/dist, a folder) beside both console functions' bundles, where the handlers " +
      'read it',
    () => {
      const kept = builtConsole();
      for (const id of ['console-page', 'console-asset']) {
        const code = template.findResources('AWS::Lambda::Function')[functionOf(id)].Properties.Code as {
          S3Key: string;
        };
        const shipped = join(outdir, `asset.${code.S3Key.replace(/\.zip$/, '')}`, 'console/dist');
        expect(readdirSync(shipped).sort(), id).toEqual([...kept.keys()].sort());
        for (const [name, body] of kept)
          expect(readFileSync(join(shipped, name)).equals(Buffer.from(body)), `${id}: ${name}`).toBe(true);
      }
    },
  );

  it(
    'delivers webhook events from their queue (with a dead-letter queue) by an SQS-triggered function; only the ' +
      'paths that record events may enqueue them',
    () => {
      const [deliverer] = Object.keys(
        template.findResources('AWS::Lambda::Function', {
          Properties: { Description: 'Posts signed outbound events to webhook endpoints' },
        }),
      );
      template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
        FunctionName: { Ref: deliverer },
        FunctionResponseTypes: ['ReportBatchItemFailures'],
      });
      const queues = template.findResources('AWS::SQS::Queue');
      const webhookQueue = Object.entries(queues).find(([id]) => id.startsWith('WebhookQueue'))![1];
      expect(webhookQueue.Properties.RedrivePolicy.deadLetterTargetArn['Fn::GetAtt'][0]).toMatch(
        /^WebhookDeadLetterQueue/,
      );
      expect(policyOf(deliverer)).toEqual(
        expect.arrayContaining(['sqs:ReceiveMessage', 'sqs:SendMessage', 'dynamodb:GetItem']),
      );
      // Its writes, by leading key: its history (one item per event and endpoint), and the automation runs an
      // email event starts or wakes (their runs and steps: functions/domain/automations/service-events.ts).
      const writes = statementsOf(deliverer).filter((statement) =>
        [statement.Action].flat().some((action) => TABLE_WRITES.includes(action)),
      );
      expect(writes.map((statement) => JSON.stringify(statement.Condition))).toEqual([
        JSON.stringify({
          'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['WHEVENT#*#*', 'AUTORUN#*#*', 'AUTOSTEP#*#*'] },
        }),
      ]);
      expect(policyOf(deliverer)).not.toContain('ses:SendEmail');
      for (const id of ['mail-send', 'track-open', 'track-click', 'webhooks-ses'])
        expect(policyOf(functionOf(id)), id).toContain('sqs:SendMessage');
      for (const id of ['mail-status', 'webhook-endpoints-list', 'webhook-endpoints-create'])
        expect(policyOf(functionOf(id)), id).not.toContain('sqs:SendMessage');
    },
  );

  it(
    'runs background jobs (campaign fan-out, list deletion) from their queue (with a dead-letter queue) by an ' +
      'SQS-triggered function; only the routes that start them may enqueue',
    () => {
      const [runner] = Object.keys(
        template.findResources('AWS::Lambda::Function', {
          Properties: { Description: 'Campaign fan-out chunks and background list deletions' },
        }),
      );
      template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
        FunctionName: { Ref: runner },
        BatchSize: 1,
        FunctionResponseTypes: ['ReportBatchItemFailures'],
      });
      const queues = template.findResources('AWS::SQS::Queue');
      const jobQueue = Object.entries(queues).find(([id]) => id.startsWith('JobQueue'))![1];
      expect(jobQueue.Properties.RedrivePolicy.deadLetterTargetArn['Fn::GetAtt'][0]).toMatch(/^JobDeadLetterQueue/);
      // Longer than a run, so a chunk is never handed to two runners at once.
      const runnerTimeout = template.findResources('AWS::Lambda::Function')[runner].Properties.Timeout as number;
      expect(jobQueue.Properties.VisibilityTimeout).toBeGreaterThan(runnerTimeout);
      expect(policyOf(runner)).toEqual(
        expect.arrayContaining(['sqs:ReceiveMessage', 'sqs:SendMessage', 'dynamodb:PutItem', 'dynamodb:BatchGetItem']),
      );
      expect(policyOf(runner)).not.toContain('ses:SendEmail');
      for (const id of ['campaigns-send', 'lists-delete'])
        expect(policyOf(functionOf(id)), id).toContain('sqs:SendMessage');
      for (const id of ['campaigns-create', 'campaigns-cancel', 'unsubscribe-confirm'])
        expect(policyOf(functionOf(id)), id).not.toContain('sqs:SendMessage');
    },
  );

  it('keeps received mail in an encrypted, private, TLS-only bucket that forgets it after 30 days', () => {
    // The inbound bucket (the attachments bucket of queued mail is the other one).
    const [bucketId, bucket] = Object.entries(template.findResources('AWS::S3::Bucket')).find(([id]) =>
      id.startsWith('InboundMail'),
    )!;
    expect(bucket.Properties.BucketEncryption.ServerSideEncryptionConfiguration).toEqual([
      { ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } },
    ]);
    expect(bucket.Properties.PublicAccessBlockConfiguration).toEqual({
      BlockPublicAcls: true,
      BlockPublicPolicy: true,
      IgnorePublicAcls: true,
      RestrictPublicBuckets: true,
    });
    expect(bucket.Properties.LifecycleConfiguration.Rules).toEqual([
      expect.objectContaining({ Status: 'Enabled', ExpirationInDays: 30 }),
    ]);
    const policy = Object.values(template.findResources('AWS::S3::BucketPolicy')).find(
      (p) => p.Properties.Bucket.Ref === bucketId,
    )!;
    const statements = policy.Properties.PolicyDocument.Statement as {
      Effect: string;
      Action: string;
      Principal: unknown;
      Condition?: Record<string, unknown>;
    }[];
    expect(statements).toContainEqual(
      expect.objectContaining({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
    );
    // SES may put mail there, under raw/ only, for this account only.
    expect(statements).toContainEqual(
      expect.objectContaining({ Effect: 'Allow', Action: 's3:PutObject', Principal: { Service: 'ses.amazonaws.com' } }),
    );
  });

  it('has an active SES receipt rule that scans mail, stores it under raw/, then invokes the parsing function', () => {
    const [rule] = Object.values(template.findResources('AWS::SES::ReceiptRule'));
    expect(rule.Properties.Rule.Enabled).toBe(true);
    expect(rule.Properties.Rule.ScanEnabled).toBe(true);
    expect(rule.Properties.Rule.Recipients).toBeUndefined();
    const [store, invoke] = rule.Properties.Rule.Actions;
    expect(store.S3Action).toMatchObject({ ObjectKeyPrefix: 'raw/' });
    expect(invoke.LambdaAction).toMatchObject({ InvocationType: 'Event' });
    const parser = invoke.LambdaAction.FunctionArn['Fn::GetAtt'][0];
    expect(template.findResources('AWS::Lambda::Function')[parser].Properties.Description).toBe(
      'Parses mail SES received into inbound records and email.received events',
    );
    // Activating it replaces the region's active rule set: only when asked (inbound-mail.test.ts); its name
    // is an output.
    expect(template.findResources('Custom::AWS')).toEqual({});
    template.hasOutput('InboundRuleSetName', {});
    // What fails three times waits in a retained dead-letter queue.
    const parserProps = template.findResources('AWS::Lambda::Function')[parser].Properties;
    expect(parserProps.DeadLetterConfig.TargetArn['Fn::GetAtt'][0]).toMatch(/^InboundMailDeadLetterQueue/);
    expect(parserProps.MemorySize).toBeGreaterThanOrEqual(1024);
    // The parser: the raw mail read, its parts written, the table held to the items it uses.
    const statements = statementsOf(parser);
    const s3 = statements.filter((st) => [st.Action].flat().some((a) => a.startsWith('s3:')));
    expect(s3.map((st) => [[st.Action].flat().sort(), JSON.stringify(st.Resource)])).toEqual([
      [['s3:GetObject'], expect.stringContaining('/raw/*')],
      [['s3:GetObject', 's3:PutObject'], expect.stringContaining('/parts/*')],
    ]);
    const table = statements.filter((st) => [st.Action].flat().some((a) => a.startsWith('dynamodb:')));
    expect(table.every((st) => st.Condition?.['ForAllValues:StringLike']?.['dynamodb:LeadingKeys'])).toBe(true);
    expect(
      table.flatMap((st) =>
        [st.Action]
          .flat()
          .filter((a) => TABLE_WRITES.includes(a))
          .map(() => st.Condition!['ForAllValues:StringLike']['dynamodb:LeadingKeys']),
      ),
    ).toEqual([['INBOUND#*'], ['INBOUND#*'], ['INBOUND#*'], ['INBOUND#*']]);
    expect(policyOf(parser)).toContain('sqs:SendMessage');
    expect(policyOf(parser)).not.toContain('ses:SendEmail');
  });

  it('lets the inbound get read parts and raw mail (to sign links), and no other route touch the bucket', () => {
    const s3 = statementsOf(functionOf('inbound-get')).filter((st) =>
      [st.Action].flat().some((a) => a.startsWith('s3:')),
    );
    expect(s3.map((st) => [st.Action, JSON.stringify(st.Resource)])).toEqual([
      ['s3:GetObject', expect.stringContaining('/parts/*')],
      ['s3:GetObject', expect.stringContaining('/raw/*')],
    ]);
    // The list answers summaries from the table alone.
    for (const id of ['inbound-list', 'domains-update'])
      expect(
        policyOf(functionOf(id)).filter((a) => a.startsWith('s3:')),
        id,
      ).toEqual([]);
    // A send route only puts the files of queued mail into the attachments bucket (issue 27), never into the
    // inbound one.
    const sendS3 = statementsOf(functionOf('mail-send')).filter((st) =>
      [st.Action].flat().some((a) => a.startsWith('s3:')),
    );
    expect(sendS3.map((st) => [st.Action, JSON.stringify(st.Resource)])).toEqual([
      ['s3:PutObject', expect.stringContaining('AttachmentsBucket')],
    ]);
  });

  it('outputs the API URL and the table name', () => {
    template.hasOutput('ApiUrl', {});
    template.hasOutput('TableName', {});
  });
});

describe('alarms and metrics', () => {
  const alarms = () => Object.values(template.findResources('AWS::CloudWatch::Alarm')).map((alarm) => alarm.Properties);
  const topicId = () =>
    Object.keys(template.findResources('AWS::SNS::Topic', { Properties: { DisplayName: 'Email service alarms' } }))[0];
  /**
   * The alarms on `metricName` (a plain metric's, or one a metric-math alarm uses), with `dimension` in their
   * dimensions.
   */
  const alarmOn = (metricName: string, dimension?: string) =>
    alarms().filter((alarm) => {
      const names = alarm.MetricName
        ? [alarm.MetricName]
        : (alarm.Metrics ?? []).map(
            (m: { MetricStat?: { Metric: { MetricName: string } } }) => m.MetricStat?.Metric.MetricName,
          );
      return names.includes(metricName) && (!dimension || JSON.stringify(alarm.Dimensions ?? []).includes(dimension));
    });
  const logicalIdOf = (type: string, prefix: string) =>
    Object.keys(template.findResources(type)).find((id) => id.startsWith(prefix))!;

  it('sends every alarm, and its return to OK, to one SSL-only topic given as the output AlarmTopicArn', () => {
    expect(topicId()).toBeDefined();
    template.hasOutput('AlarmTopicArn', { Value: { Ref: topicId() } });
    // Two rates, the brake, the worst tenant's hard bounces and complaints, five dead-letter queues, seven workers
    // (the inbound parser, the domain checker, the automation runner), API 5xx, three queue ages.
    expect(alarms()).toHaveLength(21);
    for (const alarm of alarms()) {
      expect(alarm.AlarmActions).toEqual([{ Ref: topicId() }]);
      expect(alarm.OKActions).toEqual([{ Ref: topicId() }]);
      expect(alarm.TreatMissingData).toBe('notBreaching');
    }
    const policies = Object.values(template.findResources('AWS::SNS::TopicPolicy')).map((p) =>
      JSON.stringify(p.Properties),
    );
    expect(policies.some((p) => p.includes(topicId()) && p.includes('aws:SecureTransport'))).toBe(true);
    // No address unless one is given (cdk deploy -c alarmEmail=...): the only subscription is the SES events
    // function's.
    template.resourceCountIs('AWS::SNS::Subscription', 1);
  });

  it(
    'alarms at the SES review thresholds over the last 24 hours, from 100 sends on: hard bounces >= 5%, ' +
      'complaints >= 0.1%; and when the brake pauses an account',
    () => {
      const rateAlarm = (figure: string) => {
        const [alarm, ...others] = alarmOn(figure);
        expect(others).toEqual([]);
        const stats = alarm.Metrics.filter((m: { MetricStat?: unknown }) => m.MetricStat) as {
          MetricStat: { Period: number; Metric: { Namespace: string } };
        }[];
        return {
          threshold: alarm.Threshold,
          comparison: alarm.ComparisonOperator,
          expression: alarm.Metrics.find((m: { Expression?: string }) => m.Expression).Expression,
          periods: stats.map((m) => m.MetricStat.Period),
          namespaces: [...new Set(stats.map((m) => m.MetricStat.Metric.Namespace))],
        };
      };
      const common = {
        comparison: 'GreaterThanOrEqualToThreshold',
        periods: [86400, 86400],
        namespaces: ['EmailService/EmailService'],
      };
      expect(rateAlarm('HardBounces')).toEqual({
        ...common,
        threshold: 5,
        expression: 'IF(bounces_sent >= 100, 100 * bounces / bounces_sent, 0)',
      });
      expect(rateAlarm('Complaints')).toEqual({
        ...common,
        threshold: 0.1,
        expression: 'IF(complaints_sent >= 100, 100 * complaints / complaints_sent, 0)',
      });
      expect(alarmOn('SendingPaused')).toEqual([
        expect.objectContaining({ Threshold: 1, ComparisonOperator: 'GreaterThanOrEqualToThreshold' }),
      ]);
    },
  );

  it(
    'ranks tenants by hard bounces and complaints with Contributor Insights over the log, and alarms on the ' +
      'worst one: no alarm dimension names a tenant',
    () => {
      const rules = Object.values(template.findResources('AWS::CloudWatch::InsightRule')).map((rule) => ({
        name: rule.Properties.RuleName,
        body: JSON.stringify(rule.Properties.RuleBody),
      }));
      expect(rules).toHaveLength(2);
      for (const rule of rules) {
        expect(rule.body).toContain('$.tenant_id');
        expect(rule.body).toContain(TENANT_BOUNCE_LOG);
        expect(rule.body).toContain(logicalIdOf('AWS::Logs::LogGroup', 'SesEvents'));
      }
      const worst = alarms().filter((alarm) => String(alarm.AlarmDescription).startsWith('One tenant'));
      expect(worst.map((alarm) => alarm.Threshold).sort()).toEqual(
        [TENANT_COMPLAINTS_PER_HOUR, TENANT_HARD_BOUNCES_PER_HOUR].sort(),
      );
      for (const alarm of worst)
        expect(alarm.Metrics.map((m: { Expression?: string }) => m.Expression).join()).toMatch(
          /^INSIGHT_RULE_METRIC\('.+-Tenant(HardBounces|Complaints)', 'MaxContributorValue'\)$/,
        );
      // No alarm of the deployment has a dimension that names a tenant (nor any dimension made per tenant).
      for (const alarm of alarms()) {
        const dimensions = JSON.stringify([
          alarm.Dimensions ?? [],
          (alarm.Metrics ?? []).map(
            (m: { MetricStat?: { Metric: { Dimensions?: unknown } } }) => m.MetricStat?.Metric.Dimensions ?? [],
          ),
        ]);
        expect(dimensions.toLowerCase()).not.toContain('tenant');
      }
      const dashboard = JSON.stringify(Object.values(template.findResources('AWS::CloudWatch::Dashboard'))[0]);
      expect(dashboard).toContain('insightRule');
    },
  );

  it('alarms on any message in every dead-letter queue of the stack', () => {
    const redriveTargets = Object.values(template.findResources('AWS::SQS::Queue'))
      .map((queue) => queue.Properties.RedrivePolicy?.deadLetterTargetArn?.['Fn::GetAtt']?.[0] as string | undefined)
      .filter((id): id is string => id !== undefined);
    // And the SES events function's own (Lambda's and SNS's dead letters), and the inbound mail parser's (Lambda's).
    const deadLetterIds = new Set([
      ...redriveTargets,
      logicalIdOf('AWS::SQS::Queue', 'SesEventsDeadLetterQueue'),
      logicalIdOf('AWS::SQS::Queue', 'InboundMailDeadLetterQueue'),
    ]);
    expect(deadLetterIds.size).toBe(5);
    for (const id of deadLetterIds) {
      expect(alarmOn('ApproximateNumberOfMessagesVisible', id), id).toEqual([
        expect.objectContaining({
          Namespace: 'AWS/SQS',
          Threshold: 1,
          ComparisonOperator: 'GreaterThanOrEqualToThreshold',
          Statistic: 'Maximum',
        }),
      ]);
    }
  });

  it(
    'alarms on errors of the drainer, the webhook consumer, the SES events function and the inbound mail parser, ' +
      'on API 5xx, and on queues older than 15 minutes',
    () => {
      for (const prefix of ['Drainer', 'WebhookDeliverer', 'SesEvents', 'InboundMailParser']) {
        const fn = logicalIdOf('AWS::Lambda::Function', prefix);
        expect(alarmOn('Errors', fn), prefix).toEqual([
          expect.objectContaining({ Namespace: 'AWS/Lambda', Threshold: 1, Statistic: 'Sum' }),
        ]);
      }
      expect(alarmOn('5xx')).toEqual([
        expect.objectContaining({ Namespace: 'AWS/ApiGateway', Threshold: 5, Period: 300, Statistic: 'Sum' }),
      ]);
      for (const prefix of ['SendQueue', 'WebhookQueue']) {
        expect(alarmOn('ApproximateAgeOfOldestMessage', logicalIdOf('AWS::SQS::Queue', prefix)), prefix).toEqual([
          expect.objectContaining({ Namespace: 'AWS/SQS', Threshold: 900, ComparisonOperator: 'GreaterThanThreshold' }),
        ]);
      }
    },
  );

  it('has a dashboard, and tells every function where to write its metrics', () => {
    template.resourceCountIs('AWS::CloudWatch::Dashboard', 1);
    for (const fn of Object.values(template.findResources('AWS::Lambda::Function'))) {
      if (!fn.Properties.Environment) continue; // CDK's own helper functions
      expect(fn.Properties.Environment.Variables.METRICS_NAMESPACE, fn.Properties.Description).toBe(
        'EmailService/EmailService',
      );
    }
  });

  it('subscribes an address to the alarm topic when the context variable alarmEmail names one', () => {
    // The stack reads the context variable; the subscription itself is the construct's (a small stack: no bundling).
    expect(readFileSync(new URL('../../lib/email-service-stack.ts', import.meta.url), 'utf8')).toContain(
      "tryGetContext('alarmEmail')",
    );
    const stack = new Stack(new App({ outdir: join(synthesized, 'monitoring') }));
    const queue = new Queue(stack, 'Queue');
    const fn = new LambdaFunction(stack, 'Fn', {
      runtime: Runtime.NODEJS_22_X,
      handler: 'index.handler',
      code: Code.fromInline('exports.handler = async () => {}'),
    });
    new Monitoring(stack, 'Monitoring', {
      namespace: 'Test',
      api: new HttpApi(stack, 'Api'),
      workers: [{ name: 'Fn', fn }],
      queues: [{ name: 'Queue', queue }],
      deadLetterQueues: [],
      bounceLogGroups: [new LogGroup(stack, 'Logs')],
      alarmEmail: 'ops@example.com',
    });
    Template.fromStack(stack).hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'email',
      Endpoint: 'ops@example.com',
    });
  });
});

describe('the template, function by function (issue 24)', () => {
  const functions = () => template.findResources('AWS::Lambda::Function');
  /** What no caller waits on: the workers of functions/queues.ts (the domain checker and inbound parser among them). */
  const DOMAIN_CHECKER = WORKERS.domainChecker.description;
  const workerIds = () =>
    Object.values(WORKERS)
      .map((worker) => worker.description as string)
      .map(
        (description) => Object.keys(functions()).find((id) => functions()[id].Properties.Description === description)!,
      );

  it('gives every function a log group of its own with a retention', () => {
    const logGroups = template.findResources('AWS::Logs::LogGroup');
    const used = new Set<string>();
    for (const [id, fn] of Object.entries(functions())) {
      const logGroup = fn.Properties.LoggingConfig?.LogGroup?.Ref as string | undefined;
      expect(logGroup, id).toBeDefined();
      expect(logGroups[logGroup!]?.Properties.RetentionInDays, id).toBeGreaterThan(0);
      expect(used.has(logGroup!), `${id} shares its log group`).toBe(false);
      used.add(logGroup!);
    }
  });

  it('alarms on the errors of every worker, whose failures no caller sees', () => {
    const alarms = Object.values(template.findResources('AWS::CloudWatch::Alarm')).map((alarm) => alarm.Properties);
    for (const id of workerIds()) {
      expect(id).toBeDefined();
      expect(
        alarms.filter((alarm) => alarm.MetricName === 'Errors' && JSON.stringify(alarm.Dimensions ?? []).includes(id)),
        id,
      ).toHaveLength(1);
    }
  });

  /**
   * Functions Lambda invokes asynchronously (an SNS subscription, an EventBridge rule) whose failed
   * event is dropped after Lambda's retries unless a dead-letter queue takes it. The drainer needs none,
   * nor does the domain checker, and this says why: their scheduled events carry nothing (the work
   * waits in the send queue, the domains in the table), and the next run takes what a failed one
   * left; their Errors alarms report the failure.
   */
  const NEEDS_NO_DEAD_LETTERS: Record<string, string> = {
    [WORKERS.drainer.description]: 'an empty scheduled event: the next run takes the work',
    [DOMAIN_CHECKER]: 'an empty scheduled event: the next check, 15 minutes later, looks at every pending domain again',
    [WORKERS.automationRunner.description]: 'an empty scheduled event: the runs wait in the table for the next minute',
  };

  it('gives every asynchronously invoked function a dead-letter queue, or a reason it needs none', () => {
    const targets = [
      ...Object.values(template.findResources('AWS::SNS::Subscription'))
        .filter((s) => s.Properties.Protocol === 'lambda')
        .map((s) => s.Properties.Endpoint),
      ...Object.values(template.findResources('AWS::Events::Rule')).flatMap((rule) =>
        rule.Properties.Targets.map((t: { Arn: unknown }) => t.Arn),
      ),
    ].map((arn) => (arn as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0]);
    expect(targets.length).toBeGreaterThanOrEqual(2);
    const lacking = [...new Set(targets)].filter(
      (id) =>
        !functions()[id].Properties.DeadLetterConfig?.TargetArn &&
        !NEEDS_NO_DEAD_LETTERS[functions()[id].Properties.Description],
    );
    expect(lacking).toEqual([]);
  });

  it('retains every dead-letter queue when the stack is deleted: what waits there waits for an operator', () => {
    const resources = template.toJSON().Resources as Record<
      string,
      { Type: string; DeletionPolicy?: string; Properties: Record<string, any> }
    >;
    const arnTarget = (arn: unknown) => (arn as { 'Fn::GetAtt'?: [string, string] } | undefined)?.['Fn::GetAtt']?.[0];
    // Whatever parks messages: an SQS redrive policy, a function's DeadLetterConfig, an SNS subscription's redrive.
    const deadLetterQueues = new Set(
      Object.values(resources)
        .flatMap((r) => [r.Properties?.RedrivePolicy?.deadLetterTargetArn, r.Properties?.DeadLetterConfig?.TargetArn])
        .map(arnTarget)
        .filter((id): id is string => id !== undefined && resources[id]?.Type === 'AWS::SQS::Queue'),
    );
    expect(deadLetterQueues.size).toBeGreaterThanOrEqual(5);
    expect([...deadLetterQueues].filter((id) => resources[id].DeletionPolicy !== 'Retain')).toEqual([]);
  });
});

/** The stack as `cdk deploy` synthesizes it for a user with AWS credentials: literal account and region. */
const USER_ENV = { account: '111122223333', region: 'eu-west-1' };

describe('the deploy a user runs (the CLI knows an account and a region)', () => {
  const userOutdir = join(synthesized, 'user');
  let userStacks: Stack[];

  beforeAll(() => {
    const app = withNagChecks(new App({ outdir: userOutdir }));
    // Two stacks in one account before the first synth: one app builds the bundles once.
    userStacks = ['EmailServiceOne', 'EmailServiceTwo'].map(
      (name) => new EmailServiceStack(app, name, { env: USER_ENV }),
    );
    // The cdk-nag checks run here as in the offline synth: an unacknowledged finding throws.
    app.synth();
  }, 240_000);

  it('synthesizes with the nag checks passing, the SES grants named with the literal account and region', () => {
    const { template: whole } = wholeDeployment(userStacks[0]);
    const resources = JSON.stringify(whole.findResources('AWS::IAM::Policy'));
    expect(resources).toContain(`:ses:${USER_ENV.region}:${USER_ENV.account}:identity/*`);
  });

  it('deploys twice in one account: every explicit physical name differs between two stacks of different names', () => {
    const names = (stack: Stack) => {
      const { template: whole } = wholeDeployment(stack);
      // A resource's top-level name properties (TableName, QueueName, FunctionName, LogGroupName, AlarmName,
      // Name, ...). Not PolicyName (an inline policy's, unique within its role), StageName (within its API),
      // nor what names no resource (MetricName).
      return Object.values(
        whole.toJSON().Resources as Record<string, { Type: string; Properties?: Record<string, unknown> }>,
      ).flatMap((resource) =>
        Object.entries(resource.Properties ?? {})
          .filter(
            ([key, value]) =>
              /Name$/.test(key) &&
              !['PolicyName', 'StageName', 'AttributeName', 'DisplayName', 'MetricName', 'IndexName'].includes(key) &&
              typeof value === 'string',
          )
          .map(([key, value]) => `${resource.Type} ${key}=${String(value)}`),
      );
    };
    const [first, second] = userStacks.map(names);
    expect(first).toContain('AWS::ApiGatewayV2::Api Name=EmailServiceOne-api');
    expect(first.filter((name) => second.includes(name))).toEqual([]);
  });

  // cfn-lint (Python) is installed on the project's machines; elsewhere this says so and is skipped.
  const cfnLint = spawnSync('cfn-lint', ['--version'], { encoding: 'utf8' });
  if (cfnLint.status !== 0)
    console.warn('cfn-lint is not on the PATH: the CloudFormation lint of the templates is skipped');
  it.skipIf(cfnLint.status !== 0)(
    "passes cfn-lint with no error in any template of the user's synth, nor in the offline core template",
    () => {
      // Every template of the user's synth; of the offline one, which differs only in naming the account and
      // region by pseudo-parameters, the core template (cfn-lint costs seconds a template on two cores).
      const files = [
        ...synthesizedTemplates(userOutdir).map(({ file }) => join(userOutdir, file)),
        join(outdir, 'EmailService.template.json'),
      ];
      expect(files.length).toBeGreaterThan(10);
      const run = spawnSync('cfn-lint', ['--format', 'json', '--', ...files], {
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
      });
      expect(run.stdout, run.stderr).not.toBe('');
      const findings = JSON.parse(run.stdout) as {
        Level: string;
        Rule: { Id: string };
        Message: string;
        Filename: string;
      }[];
      const errors = findings.filter((finding) => finding.Level === 'Error');
      expect(errors.map((e) => `${e.Rule.Id} ${e.Filename}: ${e.Message}`)).toEqual([]);
    },
    300_000,
  );
});
