import { routeGrants } from '../functions/capabilities';
import { Duration, Fn, NestedStack, RemovalPolicy, Stage, type NestedStackProps } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, MathExpression, Metric, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import {
  FlowLogDestination,
  FlowLogTrafficType,
  Peer,
  Port,
  SecurityGroup,
  SubnetType,
  Vpc,
} from 'aws-cdk-lib/aws-ec2';
import { Platform } from 'aws-cdk-lib/aws-ecr-assets';
import {
  Cluster,
  ContainerImage,
  ContainerInsights,
  CpuArchitecture,
  FargateService,
  FargateTaskDefinition,
  LogDrivers,
  OperatingSystemFamily,
} from 'aws-cdk-lib/aws-ecs';
import { ListenerCertificate, NetworkLoadBalancer, Protocol, SslPolicy } from 'aws-cdk-lib/aws-elasticloadbalancingv2';
import { FilterPattern, LogGroup, MetricFilter, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import type { Construct } from 'constructs';
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { mailSend } from '../functions/routes/mail';
import { buildEntry } from './constructs/function-bundle';
import { suppressRelayNagFindings } from './nag-suppressions';
import { grantRouteAccess } from './route-access';
import type { ServiceCore } from './route-area-stack';

const root = fileURLToPath(new URL('..', import.meta.url));

/** The route whose use case the relay runs: its task role holds that route's grants, from the same declaration. */
export const RELAY_ROUTE = mailSend;
/**
 * The container's ports: STARTTLS (the balancer's 587) and TLS ended at the balancer (its 465).
 * Above 1024: the image runs as `node`.
 */
export const RELAY_PORTS = { starttls: 2587, terminated: 2465 } as const;
/** How long a stopping task waits for the mail it is taking (container.ts); ECS waits longer before SIGKILL. */
const DRAIN_SECONDS = 30;
/** Refusals (5xx replies) in five minutes before the alarm: a broken app's retries or someone guessing keys. */
export const RELAY_5XX_ALARM_COUNT = 25;
/** Connection errors (TLS handshakes that failed, sockets reset) in five minutes before the alarm. */
export const RELAY_CONNECTION_ERROR_ALARM_COUNT = 25;

export interface SmtpRelayStackProps extends NestedStackProps {
  core: ServiceCore;
  alarmTopic: ITopic;
  /** ACM certificate for the balancer's 465 (context `smtpCertificateArn`); without it, 587 only. */
  certificateArn?: string;
  /** Tasks at most when CPU scaling adds them (context `smtpRelayMaxTasks`, default 4). */
  maxTasks?: number;
}

/**
 * The SMTP relay in AWS (opt-in, `-c smtpRelay=true`): functions/smtp/container.ts in a container on
 * ECS Fargate (ARM64, 0.25 vCPU, 0.5 GB) behind an internet-facing Network Load Balancer: 465 with TLS
 * ended at the balancer (ACM certificate) and forwarded to the relay's `terminated` listener, 587 passed
 * through as TCP to the relay's STARTTLS listener, whose certificate and key the operator puts in the
 * secret this stack makes (docs/guides/smtp-relay.md). A VPC of its own with public subnets and no NAT gateway (the
 * tasks reach AWS through a public address; only the balancer's security group may reach them). Its own
 * nested stack: some fifty resources that the core's template need not carry.
 */
export class SmtpRelayStack extends NestedStack {
  readonly loadBalancer: NetworkLoadBalancer;
  readonly tlsSecret: Secret;
  readonly service: FargateService;

  constructor(scope: Construct, id: string, props: SmtpRelayStackProps) {
    super(scope, id, props);
    const { core } = props;
    if (routeGrants(RELAY_ROUTE).includes('inboundMail')) {
      throw new Error('The relay grants no inbound-mail access (lib/route-access.ts)');
    }

    const vpc = new Vpc(this, 'Vpc', {
      maxAzs: 2,
      natGateways: 0,
      subnetConfiguration: [{ name: 'public', subnetType: SubnetType.PUBLIC, cidrMask: 24 }],
    });
    // Who connected, and what the security groups turned away.
    const flowLogs = monthOfLogs(this, 'FlowLogs');
    vpc.addFlowLog('FlowLog', {
      destination: FlowLogDestination.toCloudWatchLogs(flowLogs),
      trafficType: FlowLogTrafficType.ALL,
    });

    const cluster = new Cluster(this, 'Cluster', { vpc, containerInsightsV2: ContainerInsights.ENABLED });
    const taskDefinition = new FargateTaskDefinition(this, 'Task', {
      cpu: 256,
      memoryLimitMiB: 512,
      runtimePlatform: { cpuArchitecture: CpuArchitecture.ARM64, operatingSystemFamily: OperatingSystemFamily.LINUX },
    });
    // The certificate and key of STARTTLS, `{"cert": "<PEM chain>", "key": "<PEM key>"}`: the operator fills it.
    // Until then it holds a generated placeholder and the task answers STARTTLS with a self-signed certificate.
    this.tlsSecret = new Secret(this, 'TlsCertificate', {
      description:
        'SMTP relay STARTTLS certificate: {"cert": "<PEM chain>", "key": "<PEM key>"} (docs/guides/smtp-relay.md)',
      generateSecretString: { secretStringTemplate: '{}', generateStringKey: 'placeholder' },
    });
    this.tlsSecret.grantRead(taskDefinition.taskRole);
    const providerSecretKey = Secret.fromSecretCompleteArn(this, 'ProviderSecretKey', core.providerSecretKey.secretArn);
    const granted = grantRouteAccess(core, taskDefinition.taskRole, RELAY_ROUTE, providerSecretKey);

    const logGroup = monthOfLogs(this, 'Logs');
    taskDefinition.addContainer('Relay', {
      image: ContainerImage.fromAsset(relayImageContext(this), { platform: Platform.LINUX_ARM64 }),
      logging: LogDrivers.awsLogs({ streamPrefix: 'relay', logGroup }),
      environment: {
        ...core.environment,
        ...granted,
        SMTP_PORT: String(RELAY_PORTS.starttls),
        SMTP_TLS_PORT: String(RELAY_PORTS.terminated),
        SMTP_TLS_ARN: this.tlsSecret.secretArn,
        DRAIN_SECONDS: String(DRAIN_SECONDS),
      },
      portMappings: [{ containerPort: RELAY_PORTS.starttls }, { containerPort: RELAY_PORTS.terminated }],
      readonlyRootFilesystem: true,
      stopTimeout: Duration.seconds(DRAIN_SECONDS + 15),
    });

    const balancerGroup = new SecurityGroup(this, 'BalancerSecurityGroup', {
      vpc,
      description: 'SMTP relay balancer: 465 and 587 from anywhere',
      allowAllOutbound: false,
    });
    const taskGroup = new SecurityGroup(this, 'TaskSecurityGroup', {
      vpc,
      description: 'SMTP relay tasks: the relay ports from the balancer only',
      // Out: AWS APIs (HTTPS) and the SMTP providers' servers an account may send through.
      allowAllOutbound: true,
    });
    this.service = new FargateService(this, 'Service', {
      cluster,
      taskDefinition,
      desiredCount: 1,
      minHealthyPercent: 100,
      maxHealthyPercent: 200,
      circuitBreaker: { rollback: true },
      assignPublicIp: true,
      vpcSubnets: { subnetType: SubnetType.PUBLIC },
      securityGroups: [taskGroup],
      healthCheckGracePeriod: Duration.seconds(30),
    });
    this.service.autoScaleTaskCount({ minCapacity: 1, maxCapacity: props.maxTasks ?? 4 }).scaleOnCpuUtilization('Cpu', {
      targetUtilizationPercent: 60,
      scaleInCooldown: Duration.minutes(5),
      scaleOutCooldown: Duration.minutes(1),
    });

    this.loadBalancer = new NetworkLoadBalancer(this, 'Balancer', {
      vpc,
      internetFacing: true,
      crossZoneEnabled: true,
      securityGroups: [balancerGroup],
      vpcSubnets: { subnetType: SubnetType.PUBLIC },
    });
    type Listener = ReturnType<NetworkLoadBalancer['addListener']>;
    const forward = (listenerPort: number, containerPort: number, listener: Listener) => {
      balancerGroup.addIngressRule(Peer.anyIpv4(), Port.tcp(listenerPort), `SMTP clients on ${listenerPort}`);
      taskGroup.connections.allowFrom(balancerGroup, Port.tcp(containerPort), `The balancer's ${listenerPort}`);
      listener.addTargets(`To${containerPort}`, {
        port: containerPort,
        protocol: Protocol.TCP,
        targets: [this.service.loadBalancerTarget({ containerName: 'Relay', containerPort })],
        healthCheck: {
          protocol: Protocol.TCP,
          interval: Duration.seconds(10),
          healthyThresholdCount: 2,
          unhealthyThresholdCount: 2,
        },
        // ECS sends SIGTERM once this is over; the connections the balancer still holds then drain (container.ts).
        deregistrationDelay: Duration.seconds(DRAIN_SECONDS),
      });
    };
    const submission = this.loadBalancer.addListener('Submission', { port: 587, protocol: Protocol.TCP });
    forward(587, RELAY_PORTS.starttls, submission);
    if (props.certificateArn) {
      const tls = this.loadBalancer.addListener('Tls', {
        port: 465,
        protocol: Protocol.TLS,
        certificates: [ListenerCertificate.fromArn(props.certificateArn)],
        sslPolicy: SslPolicy.RECOMMENDED_TLS,
      });
      forward(465, RELAY_PORTS.terminated, tls);
    }

    this.addAlarms(logGroup, core.environment.METRICS_NAMESPACE, props.alarmTopic, cluster);
    const { tlsSecret, loadBalancer } = this;
    suppressRelayNagFindings(this, { balancerGroup, taskDefinition, tlsSecret, loadBalancer });
  }

  /** The subnets' zones from CloudFormation's list of the region's: no look-up at synth, even with a literal region. */
  override get availabilityZones() {
    return [0, 1].map((index) => Fn.select(index, Fn.getAzs()));
  }

  private addAlarms(logGroup: LogGroup, namespace: string, topic: ITopic, cluster: Cluster) {
    const action = new SnsAction(topic);
    // The relay's JSON log lines (functions/log.ts) by their `msg`: awslogs does not turn EMF lines into metrics.
    const fromLogs = (id: string, metricName: string, ...patterns: ReturnType<typeof FilterPattern.all>[]) =>
      new MetricFilter(this, id, {
        logGroup,
        filterPattern: FilterPattern.all(...patterns),
        metricNamespace: namespace,
        metricName,
        metricValue: '1',
        defaultValue: 0,
      }).metric({ statistic: 'Sum', period: Duration.minutes(5) });
    const message = (text: string) => FilterPattern.stringValue('$.msg', '=', text);
    const permanent = FilterPattern.numberValue('$.smtp_code', '>=', 500);
    const refusals = fromLogs('Refusals5xx', 'SmtpRelay5xxReplies', message('SMTP relay: refused'), permanent);
    const broken = message('SMTP relay: connection error');
    const connectionErrors = fromLogs('ConnectionErrors', 'SmtpRelayConnectionErrors', broken);
    const service = { ClusterName: cluster.clusterName, ServiceName: this.service.serviceName };
    const insights = (metricName: string) =>
      new Metric({
        namespace: 'ECS/ContainerInsights',
        metricName,
        dimensionsMap: service,
        statistic: 'Average',
        period: Duration.minutes(1),
      });
    const missingTasks = new MathExpression({
      expression: 'desired - running',
      usingMetrics: { desired: insights('DesiredTaskCount'), running: insights('RunningTaskCount') },
      period: Duration.minutes(1),
      label: 'Tasks missing',
    });
    const alarms = [
      new Alarm(this, 'TasksMissing', {
        metric: missingTasks,
        threshold: 1,
        evaluationPeriods: 5,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: TreatMissingData.NOT_BREACHING,
        alarmDescription: 'SMTP relay: fewer tasks running than desired for 5 minutes (image, secret, grants?)',
      }),
      new Alarm(this, 'Refusals', {
        metric: refusals,
        threshold: RELAY_5XX_ALARM_COUNT,
        evaluationPeriods: 1,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: TreatMissingData.NOT_BREACHING,
        alarmDescription: `SMTP relay: ${RELAY_5XX_ALARM_COUNT}+ 5xx replies in 5 minutes (wrong keys, refused mail)`,
      }),
      new Alarm(this, 'ConnectionErrorsAlarm', {
        metric: connectionErrors,
        threshold: RELAY_CONNECTION_ERROR_ALARM_COUNT,
        evaluationPeriods: 1,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: TreatMissingData.NOT_BREACHING,
        alarmDescription: `SMTP relay: ${RELAY_CONNECTION_ERROR_ALARM_COUNT} or more connection errors in 5 minutes`,
      }),
    ];
    for (const alarm of alarms) {
      alarm.addAlarmAction(action);
      alarm.addOkAction(action);
    }
  }
}

const monthOfLogs = (scope: Construct, id: string) =>
  new LogGroup(scope, id, { retention: RetentionDays.ONE_MONTH, removalPolicy: RemovalPolicy.DESTROY });

/**
 * The image's build context: the container entry bundled by esbuild at synth, as the functions are
 * (no Docker, no network here), and the Dockerfile beside it. `cdk deploy` builds the image from it
 * and pushes it to the bootstrap repository; synth only copies the folder into the cloud assembly.
 */
const relayImageContext = (scope: Construct) => {
  const dir = buildEntry(root, 'functions/smtp/container.ts', join(Stage.of(scope)!.outdir, 'smtp-relay-image'));
  copyFileSync(join(root, 'functions', 'smtp', 'Dockerfile'), join(dir, 'Dockerfile'));
  return dir;
};
