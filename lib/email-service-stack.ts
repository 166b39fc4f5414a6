import { Annotations, CfnOutput, Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { type CfnStage, HttpApi, HttpMethod, type HttpRoute } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { AttributeType, Billing, ProjectionType, TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { Effect, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Key } from 'aws-cdk-lib/aws-kms';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import {
  ConfigurationSet,
  ConfigurationSetEventDestination,
  EmailSendingEvent,
  EventDestination,
} from 'aws-cdk-lib/aws-ses';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { LambdaSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { TABLE, type TableIndex } from '../functions/adapters/dynamo/table-definition';
import { attachmentsBucket } from './attachments-bucket';
import { routeKeys } from '../functions/http/route-matcher';
import { routes } from '../functions/routes';
import { throttleApi } from './api-throttling';
import { ServiceFunction, type ServiceFunctionProps } from './constructs/service-function';
import { WORKERS, type WorkerDeclaration } from '../functions/queues';
import { buildQueues, connectConsumers } from './queues';
import { Monitoring } from './monitoring';
import { suppressNagFindings } from './nag-suppressions';
import { grantRouteAccess } from './route-access';
import { RouteAreaStack, type ServiceCore } from './route-area-stack';
import { routeAreas } from './route-areas';
import { scheduleDomainChecks, sesIdentityStatements, sesTenantAccess } from './sending-domains';
import { InboundMail } from './inbound-mail';
import { SmtpRelayStack } from './smtp-relay';

/**
 * The whole deployment, one `cdk deploy`: this stack is the core (one table, the HTTP API and its
 * stage, the catch-all route), and the routes of the route table (one Lambda each) are in nested
 * stacks, one per route area (lib/route-area-stack.ts). Here too: the send queue with its dead-letter queue and
 * scheduled drainer, and the SES -> SNS -> Lambda
 * path for bounce, complaint and delivery events with a dead-letter queue of its own; alarms to an
 * SNS topic and a dashboard (lib/monitoring.ts).
 */
export class EmailServiceStack extends Stack {
  constructor(scope: Construct, id: string, props?: StackProps) {
    super(scope, id, props);

    const table = new TableV2(this, 'Table', {
      partitionKey: { name: TABLE.partitionKey, type: AttributeType.STRING },
      sortKey: { name: TABLE.sortKey, type: AttributeType.STRING },
      globalSecondaryIndexes: TABLE.indexes.map((index: TableIndex) => ({
        indexName: index.name,
        partitionKey: { name: index.partitionKey, type: AttributeType.STRING },
        sortKey: { name: index.sortKey, type: AttributeType.STRING },
        projectionType: ProjectionType[index.projection],
        nonKeyAttributes: index.include ? [...index.include] : undefined,
      })),
      timeToLiveAttribute: TABLE.ttlAttribute,
      billing: Billing.onDemand(),
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      removalPolicy: RemovalPolicy.RETAIN,
    });

    // Every queue, its dead-letter queue and its trigger as functions/queues.ts declares them.
    const queues = buildQueues(this);
    const {
      send: sendQueue,
      sendDeadLetters: deadLetters,
      drainStarts,
      webhooks: webhookQueue,
      webhookDeadLetters,
      jobs: jobQueue,
      jobDeadLetters,
      sesEventsDeadLetters,
      inboundMailDeadLetters,
    } = queues;

    const eventsTopic = new Topic(this, 'SesEventsTopic', {
      displayName: 'SES bounce, complaint and delivery events',
      enforceSSL: true,
    });
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

    // The files of queued mail too large for a queue message (issue 27).
    const attachments = attachmentsBucket(this);
    // Named by the stack: two stacks in one account (STACK_NAME) show two APIs apart.
    const api = new HttpApi(this, 'Api', {
      apiName: `${this.stackName}-api`,
      description: 'Email delivery service API',
      createDefaultStage: true,
    });
    const metricsNamespace = `EmailService/${this.stackName}`;

    // A context variable given at deploy (`cdk deploy -c name=value`) as the functions' environment variable.
    const contextVariable = (name: string, variable: string) => {
      const value = this.node.tryGetContext(name) as unknown;
      return value === undefined || value === '' ? {} : { [variable]: String(value) };
    };
    // What every function reads. The queues, secrets and buckets a function reaches are named in its
    // environment by its grants (lib/route-access.ts): a function knows of no resource it may not touch.
    const environment = {
      TABLE_NAME: table.tableName,
      SES_CONFIGURATION_SET: configurationSet.configurationSetName,
      // Tracking links and receiver URLs point here (the routes carry their /api/v1 or /t/ prefix).
      PUBLIC_BASE_URL: api.apiEndpoint,
      // Sending domains: the resolvers of our record look-ups (context dnsServers); the system's when empty.
      ...(this.node.tryGetContext('dnsServers') ? { DNS_SERVERS: String(this.node.tryGetContext('dnsServers')) } : {}),
      // The domains every account may send from through this stack's SES without a verified sending domain of
      // its own (context senderDomainsAllowed, comma-separated, e.g. the operator's): none unless named.
      ...contextVariable('senderDomainsAllowed', 'SENDER_DOMAINS_ALLOWED'),
      // How many sending domains one account may register (context domainsPerAccount; 100 unless given).
      ...contextVariable('domainsPerAccount', 'DOMAINS_PER_ACCOUNT'),
      // How many days a sent message's body is kept (context messageRetentionDays; 30 unless given, 0 keeps none).
      ...contextVariable('messageRetentionDays', 'MESSAGE_RETENTION_DAYS'),
      // Every function writes the service's figures as Embedded Metric Format lines under this namespace.
      METRICS_NAMESPACE: metricsNamespace,
    };
    const sesSend = new PolicyStatement({
      effect: Effect.ALLOW,
      actions: ['ses:SendEmail', 'ses:SendRawEmail'],
      // Identities are verified by the user after deployment, so any identity of this account and region.
      resources: [
        `arn:${this.partition}:ses:${this.region}:${this.account}:identity/*`,
        `arn:${this.partition}:ses:${this.region}:${this.account}:configuration-set/*`,
        // A tenant's mail names its SES tenant (TenantName): SES authorizes the send on the tenant too.
        `arn:${this.partition}:ses:${this.region}:${this.account}:tenant/*`,
      ],
    });

    const accessLogs = new LogGroup(this, 'ApiAccessLogs', {
      retention: RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    const stage = api.defaultStage!.node.defaultChild as CfnStage;
    stage.accessLogSettings = {
      destinationArn: accessLogs.logGroupArn,
      format: JSON.stringify({
        requestId: '$context.requestId',
        ip: '$context.identity.sourceIp',
        method: '$context.httpMethod',
        path: '$context.path',
        status: '$context.status',
        latency: '$context.responseLatency',
      }),
    };

    // The routes, one nested stack per area (lib/route-areas.ts): a template each, far below
    // CloudFormation's 500 resources, however many routes an area gains
    // (docs/decisions/0075-route-areas-nested-stacks.md).
    // Sending domains: the SES identity actions their routes and their schedule may call (lib/sending-domains.ts).
    const sesIdentities = sesIdentityStatements(this, configurationSet.configurationSetName);
    // Tenants (issue 42): the SES tenant actions of their routes, tied to this stack's configuration set.
    const sesTenants = sesTenantAccess(this, configurationSet.configurationSetName);
    // Receiving mail: SES's receipt rule set, the bucket and the parsing function (lib/inbound-mail.ts).
    const inboundMail = new InboundMail(this, 'InboundMail', { environment, deadLetters: inboundMailDeadLetters });
    const core: ServiceCore = {
      api,
      table,
      sendQueue,
      drainStarts,
      webhookQueue,
      webhookDeadLetters,
      bulkSendQueue: queues.bulkSend,
      deadLetters,
      jobQueue,
      otpKey,
      trackingKey,
      providerSecretKey,
      sesSend,
      sesIdentities,
      sesTenants,
      inboundMail,
      environment,
      attachments,
    };
    // Routes anyone can call without a key: each gets a limit of its own (lib/api-throttling.ts).
    const publicRoutes: HttpRoute[] = [];
    for (const [areaId, areaRoutes] of routeAreas(routes)) {
      publicRoutes.push(...new RouteAreaStack(this, areaId, { core, routes: areaRoutes }).publicRoutes);
    }

    // Anything no route claims: the contract's 404/405 envelope instead of API Gateway's own. Public too.
    const notFound = new ServiceFunction(this, 'Route-not-found', {
      handlerName: 'not-found',
      environment: { ...environment, ROUTE_KEYS: routeKeys(routes) },
    });
    publicRoutes.push(
      ...api.addRoutes({
        path: '/{proxy+}',
        methods: [HttpMethod.ANY],
        integration: new HttpLambdaIntegration('Integration-not-found', notFound),
      }),
    );
    throttleApi(stage, publicRoutes);

    const grantWorkerAccess = (fn: ServiceFunction, declared: WorkerDeclaration) =>
      grantRouteAccess(core, fn, { ...declared, permission: null, method: 'POST' }, providerSecretKey, fn);
    // The workers as functions/queues.ts declares them (handler, timeout, memory, concurrency), each
    // granted what its table access and capabilities say, by the routes' own loop (lib/route-access.ts).
    const worker = (id: string, declared: WorkerDeclaration, props: Partial<ServiceFunctionProps> = {}) => {
      const fn = new ServiceFunction(this, id, {
        handlerName: declared.handler,
        description: declared.description,
        timeout: Duration.seconds(declared.timeoutSeconds),
        memorySize: declared.memoryMb,
        reservedConcurrentExecutions: declared.reservedConcurrency,
        environment,
        ...props,
      });
      grantWorkerAccess(fn, declared);
      return fn;
    };
    const drainer = worker('Drainer', WORKERS.drainer);
    new Rule(this, 'DrainSchedule', {
      schedule: Schedule.rate(Duration.minutes(WORKERS.drainer.scheduleMinutes)),
      targets: [new LambdaFunction(drainer)],
    });
    // SES events that SNS could not deliver, or that failed the function, wait in their dead-letter queue
    // (functions/queues.ts).
    const sesEvents = worker('SesEvents', WORKERS.sesEvents, { deadLetterQueue: sesEventsDeadLetters });
    const webhookDeliverer = worker('WebhookDeliverer', WORKERS.webhookDeliverer);
    // One job per invocation, each a chunk of seconds.
    const jobRunner = worker('JobRunner', WORKERS.jobRunner);
    // Sending domains: their 15-minute check of DNS records and SES state (lib/sending-domains.ts).
    // Scheduled, so nobody waits on it: its errors alarm with the workers' (lib/monitoring.ts).
    const domainChecker = worker('DomainChecker', WORKERS.domainChecker);
    scheduleDomainChecks(this, domainChecker);
    // The inbound parser lives with its bucket and rule (lib/inbound-mail.ts); its grants come from here.
    const inboundParser = inboundMail.parser;
    grantWorkerAccess(inboundParser, WORKERS.inboundParser);
    // The SQS triggers, with the batch sizes and concurrency functions/queues.ts declares.
    // Automation runs: released from the due-time index every minute, as scheduled mail is.
    const automationRunner = worker('AutomationRunner', WORKERS.automationRunner);
    new Rule(this, 'AutomationSchedule', {
      schedule: Schedule.rate(Duration.minutes(WORKERS.automationRunner.scheduleMinutes)),
      targets: [new LambdaFunction(automationRunner)],
    });
    connectConsumers(queues, {
      drainer,
      webhookDeliverer,
      jobRunner,
      sesEvents,
      domainChecker,
      inboundParser,
      automationRunner,
    });
    eventsTopic.addSubscription(new LambdaSubscription(sesEvents, { deadLetterQueue: sesEventsDeadLetters }));

    new CfnOutput(this, 'ApiUrl', { value: `${api.apiEndpoint}/api/v1`, description: 'Base URL of the API' });
    new CfnOutput(this, 'TableName', {
      value: table.tableName,
      description: 'For the admin CLI: TABLE_NAME=<this> npm run admin -- ...',
    });
    new CfnOutput(this, 'ConfigurationSetName', { value: configurationSet.configurationSetName });
    new CfnOutput(this, 'SendQueueUrl', { value: sendQueue.queueUrl, description: 'For the admin CLI: QUEUE_URL' });
    new CfnOutput(this, 'DeadLetterQueueUrl', {
      value: deadLetters.queueUrl,
      description: 'For the admin CLI: DLQ_URL',
    });
    new CfnOutput(this, 'SesEventsDeadLetterQueueUrl', { value: sesEventsDeadLetters.queueUrl });
    new CfnOutput(this, 'DrainStartQueueUrl', {
      value: drainStarts.queueUrl,
      description: 'For the admin CLI (optional): DRAIN_START_QUEUE_URL, so redriven mail leaves at once',
    });
    new CfnOutput(this, 'WebhookQueueUrl', {
      value: webhookQueue.queueUrl,
      description: 'Outbound webhook deliveries (the admin CLI redrives into it)',
    });
    new CfnOutput(this, 'JobDeadLetterQueueUrl', {
      value: jobDeadLetters.queueUrl,
      description: 'Background jobs (campaign fan-out, list deletion) that kept failing',
    });
    new CfnOutput(this, 'WebhookDeadLetterQueueUrl', {
      value: webhookDeadLetters.queueUrl,
      description: 'Webhook deliveries that failed for about a day',
    });

    const alarmEmail = this.node.tryGetContext('alarmEmail') as string | undefined;
    const monitoring = new Monitoring(this, 'Monitoring', {
      namespace: metricsNamespace,
      api,
      workers: [
        { name: 'Drainer', fn: drainer },
        { name: 'WebhookDeliverer', fn: webhookDeliverer },
        { name: 'SesEvents', fn: sesEvents },
        { name: 'JobRunner', fn: jobRunner },
        { name: 'DomainChecker', fn: domainChecker },
        { name: 'AutomationRunner', fn: automationRunner },
        { name: 'InboundMail', fn: inboundParser },
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
        { name: 'InboundMailDeadLetterQueue', queue: inboundMailDeadLetters },
      ],
      // Where SES's bounces and complaints are recorded (the receivers of other providers' events run in the
      // route areas' stacks: their tenants' bounces count on the tenant and its brake, not in this ranking).
      bounceLogGroups: [sesEvents.logGroup],
      alarmEmail: alarmEmail || undefined,
    });

    // The SMTP relay, opt-in: a container service and its balancer in a nested stack (lib/smtp-relay.ts).
    if (String(this.node.tryGetContext('smtpRelay')) === 'true') {
      const certificateArn = (this.node.tryGetContext('smtpCertificateArn') as string | undefined) || undefined;
      if (!certificateArn) {
        const warning = 'smtpRelay without smtpCertificateArn: port 587 (STARTTLS) only, no 465';
        Annotations.of(this).addWarningV2('smtp-relay:no-certificate', warning);
      }
      const maxTasks = Number(this.node.tryGetContext('smtpRelayMaxTasks') ?? 4);
      const alarmTopic = monitoring.topic;
      const relay = new SmtpRelayStack(this, 'SmtpRelay', { core, alarmTopic, certificateArn, maxTasks });
      new CfnOutput(this, 'SmtpRelayHost', {
        value: relay.loadBalancer.loadBalancerDnsName,
        description: 'Point a CNAME (e.g. smtp.example.com) here',
      });
      // After filling the secret:
      // `aws ecs update-service --cluster <this> --service <SmtpRelayService> --force-new-deployment`.
      new CfnOutput(this, 'SmtpRelayCluster', { value: relay.service.cluster.clusterName });
      new CfnOutput(this, 'SmtpRelayService', { value: relay.service.serviceName });
      new CfnOutput(this, 'SmtpTlsSecretArn', {
        value: relay.tlsSecret.secretArn,
        description: 'Put the STARTTLS certificate here: {"cert", "key"} (docs/guides/smtp-relay.md)',
      });
    }

    suppressNagFindings(this, { table, drainStarts, attachments });
  }
}
