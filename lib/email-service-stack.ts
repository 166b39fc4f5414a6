import { CfnOutput, Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { CfnStage, HttpApi, HttpMethod, type HttpRoute } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { AttributeType, Billing, ProjectionType, TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { Effect, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Key } from 'aws-cdk-lib/aws-kms';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { ConfigurationSet, ConfigurationSetEventDestination, EmailSendingEvent, EventDestination } from 'aws-cdk-lib/aws-ses';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { LambdaSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { Construct } from 'constructs';
import { TABLE } from '../functions/adapters/dynamo/table-definition';
import { routeKeys } from '../functions/http/route-matcher';
import { routes } from '../functions/routes';
import { throttleApi } from './api-throttling';
import { ServiceFunction } from './constructs/service-function';
import { DRAINER_TIMEOUT_SECONDS, routeTimeout } from './function-limits';
import { Monitoring } from './monitoring';
import { suppressNagFindings } from './nag-suppressions';
import { grantTableAccess } from './table-access';
import { addDomainChecker, grantSesIdentities, sesIdentityStatements } from './sending-domains';

/**
 * The whole deployment: one table, an HTTP API whose routes come from the route table (one Lambda
 * each), the send queue with its dead-letter queue and scheduled drainer, and the SES -> SNS -> Lambda
 * path for bounce, complaint and delivery events with a dead-letter queue of its own; alarms to an
 * SNS topic and a dashboard (lib/monitoring.ts).
 */
export class EmailServiceStack extends Stack {
  constructor(scope: Construct, id: string, props?: StackProps) {
    super(scope, id, props);

    const table = new TableV2(this, 'Table', {
      partitionKey: { name: TABLE.partitionKey, type: AttributeType.STRING },
      sortKey: { name: TABLE.sortKey, type: AttributeType.STRING },
      globalSecondaryIndexes: TABLE.indexes.map((index) => ({
        indexName: index.name,
        partitionKey: { name: index.partitionKey, type: AttributeType.STRING },
        sortKey: { name: index.sortKey, type: AttributeType.STRING },
        projectionType: ProjectionType[index.projection],
      })),
      timeToLiveAttribute: TABLE.ttlAttribute,
      billing: Billing.onDemand(),
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      removalPolicy: RemovalPolicy.RETAIN,
    });

    const deadLetters = new Queue(this, 'SendDeadLetterQueue', {
      retentionPeriod: Duration.days(14),
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
    });
    const drainerTimeout = Duration.seconds(DRAINER_TIMEOUT_SECONDS);
    const sendQueue = new Queue(this, 'SendQueue', {
      // Longer than a drain run, so a message is never handed to two runs at once.
      visibilityTimeout: drainerTimeout.plus(Duration.seconds(15)),
      retentionPeriod: Duration.days(4),
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      // The drainer parks failed items in the DLQ itself; this catches messages that crash it.
      deadLetterQueue: { queue: deadLetters, maxReceiveCount: 20 },
    });

    // Enqueuers put a message here when mail is in, and its trigger starts the drainer at once instead
    // of at the next scheduled minute. The messages say nothing (any one starts a run) and are
    // disposable: a lost one only means the schedule takes the mail. Its own visibility timeout must
    // cover the drainer's, as Lambda requires of a trigger.
    const drainStarts = new Queue(this, 'DrainStartQueue', {
      visibilityTimeout: drainerTimeout.plus(Duration.seconds(15)),
      retentionPeriod: Duration.minutes(10),
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
    });

    const eventsTopic = new Topic(this, 'SesEventsTopic', { displayName: 'SES bounce, complaint and delivery events', enforceSSL: true });
    const configurationSet = new ConfigurationSet(this, 'ConfigurationSet', {});
    new ConfigurationSetEventDestination(this, 'SesEventsDestination', {
      configurationSet,
      destination: EventDestination.snsTopic(eventsTopic),
      events: [EmailSendingEvent.BOUNCE, EmailSendingEvent.COMPLAINT, EmailSendingEvent.DELIVERY],
    });

    // The key of the OTP code hashes: generated at deploy time, readable only by the OTP functions.
    const otpKey = new Secret(this, 'OtpHashKey', {
      description: 'Key for the keyed hashes of one-time codes',
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
    });

    // The key that signs tracking links: generated at deploy time, readable by what sends and the tracking routes.
    const trackingKey = new Secret(this, 'TrackingKey', {
      description: 'Key for the signed tokens of open and click tracking links',
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
    });

    // Provider passwords and signing keys are sealed in the table (envelope encryption): the data key
    // is this secret, generated at deploy time and encrypted by a KMS key of the stack's own. Both
    // outlive the stack, as the table does: without them the sealed secrets cannot be read.
    const providerSecretsKey = new Key(this, 'ProviderSecretsKey', {
      description: 'Encrypts the data key that seals provider passwords and signing keys',
      enableKeyRotation: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    const providerSecretKey = new Secret(this, 'ProviderSecretKey', {
      description: 'Data key that seals provider passwords and signing keys in the table',
      encryptionKey: providerSecretsKey,
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
      removalPolicy: RemovalPolicy.RETAIN,
    });

    // Outbound events for the accounts' webhook endpoints: what sends or records an event enqueues it,
    // the deliverer posts it. Failed posts are re-enqueued with a delay and dead-lettered by the
    // deliverer itself after about a day; the redrive policy catches messages that crash it.
    const webhookDeadLetters = new Queue(this, 'WebhookDeadLetterQueue', {
      retentionPeriod: Duration.days(14),
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    const webhookTimeout = Duration.seconds(60);
    const webhookQueue = new Queue(this, 'WebhookQueue', {
      // Longer than a run: ten posts at 10 s each at most, in parallel.
      visibilityTimeout: webhookTimeout.plus(Duration.seconds(30)),
      retentionPeriod: Duration.days(4),
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      deadLetterQueue: { queue: webhookDeadLetters, maxReceiveCount: 10 },
    });

    // Background jobs: a campaign's fan-out chunk by chunk, a large list's deletion. Each job is a chunk
    // safe to run twice; the consumer re-enqueues the next. Jobs that keep failing wait here.
    const jobDeadLetters = new Queue(this, 'JobDeadLetterQueue', {
      retentionPeriod: Duration.days(14),
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    const jobTimeout = Duration.seconds(120);
    const jobQueue = new Queue(this, 'JobQueue', {
      visibilityTimeout: jobTimeout.plus(Duration.seconds(30)),
      retentionPeriod: Duration.days(4),
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      deadLetterQueue: { queue: jobDeadLetters, maxReceiveCount: 5 },
    });

    const api = new HttpApi(this, 'Api', { description: 'Email delivery service API', createDefaultStage: true });
    const metricsNamespace = `EmailService/${this.stackName}`;

    const environment = {
      TABLE_NAME: table.tableName,
      QUEUE_URL: sendQueue.queueUrl,
      DLQ_URL: deadLetters.queueUrl,
      SES_CONFIGURATION_SET: configurationSet.configurationSetName,
      OTP_SECRET_ARN: otpKey.secretArn,
      TRACKING_SECRET_ARN: trackingKey.secretArn,
      // Tracking links and receiver URLs point here (the routes carry their /api/v1 or /t/ prefix).
      PUBLIC_BASE_URL: api.apiEndpoint,
      PROVIDER_SECRET_KEY_ARN: providerSecretKey.secretArn,
      WEBHOOK_QUEUE_URL: webhookQueue.queueUrl,
      WEBHOOK_DLQ_URL: webhookDeadLetters.queueUrl,
      DRAIN_START_QUEUE_URL: drainStarts.queueUrl,
      JOB_QUEUE_URL: jobQueue.queueUrl,
      // Sending domains: the resolvers of our record look-ups (context dnsServers); the system's when empty.
      ...(this.node.tryGetContext('dnsServers') ? { DNS_SERVERS: String(this.node.tryGetContext('dnsServers')) } : {}),
      // Every function writes the service's figures as Embedded Metric Format lines under this namespace.
      METRICS_NAMESPACE: metricsNamespace,
    };
    const sesSend = new PolicyStatement({
      effect: Effect.ALLOW,
      actions: ['ses:SendEmail', 'ses:SendRawEmail'],
      // Identities are verified by the user after deployment, so any identity of this account and region.
      resources: [`arn:${this.partition}:ses:${this.region}:${this.account}:identity/*`, `arn:${this.partition}:ses:${this.region}:${this.account}:configuration-set/*`],
    });

    const accessLogs = new LogGroup(this, 'ApiAccessLogs', { retention: RetentionDays.ONE_MONTH, removalPolicy: RemovalPolicy.DESTROY });
    const stage = api.defaultStage!.node.defaultChild as CfnStage;
    stage.accessLogSettings = {
      destinationArn: accessLogs.logGroupArn,
      format: JSON.stringify({ requestId: '$context.requestId', ip: '$context.identity.sourceIp', method: '$context.httpMethod', path: '$context.path', status: '$context.status', latency: '$context.responseLatency' }),
    };

    // Sending domains: the SES identity actions their routes and their schedule may call (lib/sending-domains.ts).
    const sesIdentities = sesIdentityStatements(this, configurationSet.configurationSetName);

    // Routes anyone can call without a key: each gets a limit of its own (lib/api-throttling.ts).
    const publicRoutes: HttpRoute[] = [];
    for (const route of routes) {
      const fn = new ServiceFunction(this, `Route-${route.id}`, {
        handlerName: route.id,
        files: route.files,
        description: `${route.method} ${route.path}`,
        memorySize: route.lambda?.memoryMb,
        timeout: routeTimeout(route),
        environment,
      });
      grantTableAccess(table, fn, route);
      if (route.aws?.includes('sendMail')) fn.addToRolePolicy(sesSend);
      if (route.aws?.includes('enqueue')) {
        sendQueue.grantSendMessages(fn);
        drainStarts.grantSendMessages(fn);
      }
      if (route.aws?.includes('otpSecret')) otpKey.grantRead(fn);
      if (route.aws?.includes('providerSecrets')) providerSecretKey.grantRead(fn);
      if (route.aws?.includes('trackingSecret')) trackingKey.grantRead(fn);
      if (route.aws?.includes('webhookEvents')) webhookQueue.grantSendMessages(fn);
      if (route.aws?.includes('jobs')) jobQueue.grantSendMessages(fn);
      grantSesIdentities(fn, route, sesIdentities);
      const added = api.addRoutes({ path: route.path, methods: [route.method as HttpMethod], integration: new HttpLambdaIntegration(`Integration-${route.id}`, fn) });
      if (route.permission === null) publicRoutes.push(...added);
    }

    // Anything no route claims: the contract's 404/405 envelope instead of API Gateway's own. Public too.
    const notFound = new ServiceFunction(this, 'Route-not-found', { handlerName: 'not-found', environment: { ...environment, ROUTE_KEYS: routeKeys(routes) } });
    publicRoutes.push(...api.addRoutes({ path: '/{proxy+}', methods: [HttpMethod.ANY], integration: new HttpLambdaIntegration('Integration-not-found', notFound) }));
    throttleApi(stage, publicRoutes);

    const drainer = new ServiceFunction(this, 'Drainer', {
      handlerName: 'drainer',
      description: 'Sends queued mail at the provider rate',
      timeout: drainerTimeout,
      memorySize: 512,
      // One drain run at a time is the lease's job (a table item; docs/decisions.md): the provider's
      // send rate is paced inside a run. Three: the run, a start (from the schedule or the trigger)
      // that finds the lease held and asks the run to go round again, and a spare for the schedule.
      reservedConcurrentExecutions: 3,
      environment,
    });
    table.grantReadWriteData(drainer);
    sendQueue.grantConsumeMessages(drainer);
    deadLetters.grantSendMessages(drainer);
    providerSecretKey.grantRead(drainer);
    trackingKey.grantRead(drainer);
    webhookQueue.grantSendMessages(drainer);
    drainer.addToRolePolicy(sesSend);
    drainer.addToRolePolicy(new PolicyStatement({ effect: Effect.ALLOW, actions: ['ses:GetAccount'], resources: ['*'] }));
    new Rule(this, 'DrainSchedule', { schedule: Schedule.rate(Duration.minutes(1)), targets: [new LambdaFunction(drainer)] });
    // Starts on enqueue; the drainer ends a run that is out of time with work left by starting its successor.
    drainStarts.grantSendMessages(drainer);
    drainer.addEventSource(new SqsEventSource(drainStarts, { batchSize: 10, maxConcurrency: 2 }));

    // SES events lost would mean suppressions never made: what this path cannot apply waits here for an
    // operator. SNS parks a message it could not deliver to the function; Lambda parks an event (the
    // SNS event as the function got it) that failed its invocation and Lambda's two retries.
    const sesEventsDeadLetters = new Queue(this, 'SesEventsDeadLetterQueue', {
      retentionPeriod: Duration.days(14),
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    const sesEvents = new ServiceFunction(this, 'SesEvents', {
      handlerName: 'ses-events',
      description: 'Applies SES bounce, complaint and delivery events from SNS',
      deadLetterQueue: sesEventsDeadLetters,
      environment,
    });
    table.grantReadWriteData(sesEvents);
    webhookQueue.grantSendMessages(sesEvents);

    // Posts webhook events to the endpoints: reads endpoints and messages, opens the endpoints'
    // secrets to sign, re-enqueues failed posts with a delay, parks the hopeless ones.
    const webhookDeliverer = new ServiceFunction(this, 'WebhookDeliverer', {
      handlerName: 'webhook-deliverer',
      description: 'Posts signed outbound events to webhook endpoints',
      timeout: webhookTimeout,
      environment,
    });
    table.grantReadData(webhookDeliverer);
    webhookQueue.grantConsumeMessages(webhookDeliverer);
    webhookQueue.grantSendMessages(webhookDeliverer);
    webhookDeadLetters.grantSendMessages(webhookDeliverer);
    providerSecretKey.grantRead(webhookDeliverer);
    webhookDeliverer.addEventSource(new SqsEventSource(webhookQueue, { batchSize: 10, reportBatchItemFailures: true }));
    // Runs the jobs: reads and writes the table, enqueues mail (the send queue) and next chunks, signs
    // unsubscribe links with the tracking key. One job per invocation, each a chunk of seconds.
    const jobRunner = new ServiceFunction(this, 'JobRunner', {
      handlerName: 'jobs',
      description: 'Campaign fan-out chunks and background list deletions',
      timeout: jobTimeout,
      memorySize: 512,
      environment,
    });
    table.grantReadWriteData(jobRunner);
    sendQueue.grantSendMessages(jobRunner);
    drainStarts.grantSendMessages(jobRunner);
    jobQueue.grantConsumeMessages(jobRunner);
    jobQueue.grantSendMessages(jobRunner);
    trackingKey.grantRead(jobRunner);
    jobRunner.addEventSource(new SqsEventSource(jobQueue, { batchSize: 1, reportBatchItemFailures: true }));
    eventsTopic.addSubscription(new LambdaSubscription(sesEvents, { deadLetterQueue: sesEventsDeadLetters }));

    // Sending domains: their 15-minute check of DNS records and SES state (lib/sending-domains.ts).
    addDomainChecker(this, { table, environment, statements: sesIdentities });

    new CfnOutput(this, 'ApiUrl', { value: `${api.apiEndpoint}/api/v1`, description: 'Base URL of the API' });
    new CfnOutput(this, 'TableName', { value: table.tableName, description: 'For the admin CLI: TABLE_NAME=<this> npm run admin -- ...' });
    new CfnOutput(this, 'ConfigurationSetName', { value: configurationSet.configurationSetName });
    new CfnOutput(this, 'SendQueueUrl', { value: sendQueue.queueUrl, description: 'For the admin CLI: QUEUE_URL' });
    new CfnOutput(this, 'DeadLetterQueueUrl', { value: deadLetters.queueUrl, description: 'For the admin CLI: DLQ_URL' });
    new CfnOutput(this, 'SesEventsDeadLetterQueueUrl', { value: sesEventsDeadLetters.queueUrl });
    new CfnOutput(this, 'DrainStartQueueUrl', { value: drainStarts.queueUrl, description: 'For the admin CLI (optional): DRAIN_START_QUEUE_URL, so redriven mail leaves at once' });
    new CfnOutput(this, 'WebhookQueueUrl', { value: webhookQueue.queueUrl, description: 'Outbound webhook deliveries (the admin CLI redrives into it)' });
    new CfnOutput(this, 'JobDeadLetterQueueUrl', { value: jobDeadLetters.queueUrl, description: 'Background jobs (campaign fan-out, list deletion) that kept failing' });
    new CfnOutput(this, 'WebhookDeadLetterQueueUrl', { value: webhookDeadLetters.queueUrl, description: 'Webhook deliveries that failed for about a day' });

    const alarmEmail = this.node.tryGetContext('alarmEmail') as string | undefined;
    new Monitoring(this, 'Monitoring', {
      namespace: metricsNamespace,
      api,
      workers: [
        { name: 'Drainer', fn: drainer },
        { name: 'WebhookDeliverer', fn: webhookDeliverer },
        { name: 'SesEvents', fn: sesEvents },
        { name: 'JobRunner', fn: jobRunner },
      ],
      queues: [
        { name: 'SendQueue', queue: sendQueue },
        { name: 'WebhookQueue', queue: webhookQueue },
        { name: 'JobQueue', queue: jobQueue },
      ],
      deadLetterQueues: [
        { name: 'SendDeadLetterQueue', queue: deadLetters },
        { name: 'WebhookDeadLetterQueue', queue: webhookDeadLetters },
        { name: 'SesEventsDeadLetterQueue', queue: sesEventsDeadLetters },
        { name: 'JobDeadLetterQueue', queue: jobDeadLetters },
      ],
      alarmEmail: alarmEmail || undefined,
    });

    suppressNagFindings(this, { table, drainStarts });
  }
}
