import { App, type Stack } from 'aws-cdk-lib';
import type { Template } from 'aws-cdk-lib/assertions';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { withNagChecks } from '../../lib/app';
import { EmailServiceStack } from '../../lib/email-service-stack';
import { RELAY_PORTS, RELAY_ROUTE } from '../../lib/smtp-relay';
import { scratchDir } from '../support/scratch-dir';
import { synthesizedTemplates, wholeDeployment } from './templates';

const CERTIFICATE = 'arn:aws:acm:us-east-1:111122223333:certificate/0e0f3a3c-1111-2222-3333-444455556666';
/** As `cdk deploy` synthesizes for a user with credentials: literal account and region (no AZ look-up may happen). */
const USER_ENV = { account: '111122223333', region: 'eu-west-1' };

/** The synthesized app (about 250 MB), removed after the file. */
const outdir = scratchDir('cdk-relay-');
let stacks: Stack[];
let template: Template;

type Json = Record<string, any>;

beforeAll(() => {
  // `cdk synth -c smtpRelay=true -c smtpCertificateArn=...`, offline and with the user's account; the
  // cdk-nag checks run as in every synth: an unacknowledged finding throws here.
  const app = withNagChecks(new App({ outdir, context: { smtpRelay: 'true', smtpCertificateArn: CERTIFICATE } }));
  stacks = [
    new EmailServiceStack(app, 'EmailService'),
    new EmailServiceStack(app, 'EmailServiceUser', { env: USER_ENV }),
  ];
  app.synth();
  ({ template } = wholeDeployment(stacks[0]));
}, 600_000);

const resourcesOf = (type: string) => Object.entries(template.findResources(type)) as [string, Json][];
const only = (type: string) => {
  const found = resourcesOf(type);
  expect(
    found.map(([id]) => id),
    type,
  ).toHaveLength(1);
  return found[0];
};

/** Every (action, resource, condition) a role's policies allow, one string each, sorted. */
const grantsOf = (roleId: string) =>
  resourcesOf('AWS::IAM::Policy')
    .filter(([, policy]) => policy.Properties.Roles.some((role: Json) => role.Ref === roleId))
    .flatMap(([, policy]) => policy.Properties.PolicyDocument.Statement as Json[])
    .flatMap((statement) =>
      [statement.Action]
        .flat()
        .flatMap((action: string) =>
          [statement.Resource]
            .flat()
            .map((resource: unknown) => JSON.stringify({ action, resource, condition: statement.Condition ?? null })),
        ),
    )
    .sort();

describe('the SMTP relay in AWS (-c smtpRelay=true)', () => {
  it(
    'runs the relay as an ECS Fargate service on ARM64, 0.25 vCPU and 0.5 GB, its image built at deploy from a ' +
      'context synth staged',
    () => {
      const [, taskDefinition] = only('AWS::ECS::TaskDefinition');
      expect(taskDefinition.Properties).toMatchObject({
        Cpu: '256',
        Memory: '512',
        RequiresCompatibilities: ['FARGATE'],
        RuntimePlatform: { CpuArchitecture: 'ARM64', OperatingSystemFamily: 'LINUX' },
      });
      const [container] = taskDefinition.Properties.ContainerDefinitions;
      expect(container.PortMappings.map((p: Json) => p.ContainerPort).sort()).toEqual(
        [RELAY_PORTS.terminated, RELAY_PORTS.starttls].sort(),
      );
      expect(container.LogConfiguration.LogDriver).toBe('awslogs');
      const [, service] = only('AWS::ECS::Service');
      expect(service.Properties).toMatchObject({
        LaunchType: 'FARGATE',
        DeploymentConfiguration: { DeploymentCircuitBreaker: { Enable: true, Rollback: true } },
      });

      // No docker at synth: the image is an asset whose folder (Dockerfile and the bundled entry) the deploy builds.
      const assets = JSON.parse(readFileSync(join(outdir, 'EmailService.assets.json'), 'utf8'));
      const images = Object.values(assets.dockerImages ?? {}) as Json[];
      expect(images.map((image) => image.source.platform)).toEqual(['linux/arm64']);
      const context = join(outdir, images[0].source.directory);
      expect(['Dockerfile', 'index.mjs'].map((file) => existsSync(join(context, file)))).toEqual([true, true]);
      expect(readFileSync(join(context, 'Dockerfile'), 'utf8')).toMatch(/^FROM --platform=linux\/arm64 \S*node:22/m);
      // The environment of the mail-send function: the table, and the queue, secrets and bucket its grants reach.
      const environment = Object.fromEntries(container.Environment.map((e: Json) => [e.Name, e.Value]));
      expect(Object.keys(environment)).toEqual(
        expect.arrayContaining([
          'TABLE_NAME',
          'WEBHOOK_QUEUE_URL',
          'TRACKING_SECRET_ARN',
          'PROVIDER_SECRET_KEY_ARN',
          'ATTACHMENTS_BUCKET',
          'SMTP_TLS_ARN',
          'METRICS_NAMESPACE',
        ]),
      );
      // Nothing its grants do not reach: the send queue and the OTP key are other functions'.
      expect(Object.keys(environment)).not.toContain('QUEUE_URL');
      expect(Object.keys(environment)).not.toContain('OTP_SECRET_ARN');
    },
  );

  it(
    'puts an internet-facing NLB in front: 465 with TLS ended by the given certificate, 587 passed through as ' +
      'TCP, each to its relay port with a TCP health check',
    () => {
      const [balancerId, balancer] = only('AWS::ElasticLoadBalancingV2::LoadBalancer');
      expect(balancer.Properties).toMatchObject({ Type: 'network', Scheme: 'internet-facing' });
      const listeners = resourcesOf('AWS::ElasticLoadBalancingV2::Listener').map(([, l]) => l.Properties);
      expect(listeners.every((l) => l.LoadBalancerArn.Ref === balancerId)).toBe(true);
      const targetGroups = template.toJSON().Resources as Json;
      const forwardedTo = (listener: Json) => targetGroups[listener.DefaultActions[0].TargetGroupArn.Ref].Properties;
      const tls = listeners.find((l) => l.Port === 465)!;
      expect(tls).toMatchObject({ Protocol: 'TLS', Certificates: [{ CertificateArn: CERTIFICATE }] });
      expect(forwardedTo(tls)).toMatchObject({
        Port: RELAY_PORTS.terminated,
        Protocol: 'TCP',
        TargetType: 'ip',
        HealthCheckProtocol: 'TCP',
      });
      const submission = listeners.find((l) => l.Port === 587)!;
      expect(submission.Protocol).toBe('TCP');
      expect(forwardedTo(submission)).toMatchObject({
        Port: RELAY_PORTS.starttls,
        Protocol: 'TCP',
        TargetType: 'ip',
        HealthCheckProtocol: 'TCP',
      });
      expect(listeners).toHaveLength(2);
      template.hasOutput('SmtpRelayHost', {});
      for (const output of ['SmtpTlsSecretArn', 'SmtpRelayCluster', 'SmtpRelayService']) template.hasOutput(output, {});
    },
  );

  it(
    "gives the task role exactly the grants of mail-send's function, from the same declaration, and the STARTTLS " +
      "secret's read",
    () => {
      const [, taskDefinition] = only('AWS::ECS::TaskDefinition');
      const taskRole = taskDefinition.Properties.TaskRoleArn['Fn::GetAtt'][0];
      const [[, fn]] = Object.entries(
        template.findResources('AWS::Lambda::Function', {
          Properties: { Description: `${RELAY_ROUTE.method} ${RELAY_ROUTE.path}` },
        }),
      ) as [string, Json][];
      expect(RELAY_ROUTE.id).toBe('mail-send');
      const functionGrants = grantsOf(fn.Properties.Role['Fn::GetAtt'][0]);
      const [secretId] = resourcesOf('AWS::SecretsManager::Secret').find(([, s]) =>
        String(s.Properties.Description).startsWith('SMTP relay STARTTLS'),
      )!;
      const relayGrants = grantsOf(taskRole);
      const secretReads = relayGrants.filter((grant) => JSON.parse(grant).resource?.Ref === secretId);
      expect(secretReads.map((grant) => JSON.parse(grant).action).sort()).toEqual([
        'secretsmanager:DescribeSecret',
        'secretsmanager:GetSecretValue',
      ]);
      expect(relayGrants.filter((grant) => !secretReads.includes(grant))).toEqual(functionGrants);
      expect(functionGrants.some((grant) => grant.includes('ses:SendEmail'))).toBe(true);
    },
  );

  it(
    'keeps logs a month, scales on CPU, and alarms to the alarm topic on missing tasks, 5xx replies and ' +
      'connection errors',
    () => {
      const [, taskDefinition] = only('AWS::ECS::TaskDefinition');
      const logGroupId =
        taskDefinition.Properties.ContainerDefinitions[0].LogConfiguration.Options['awslogs-group'].Ref;
      expect(template.toJSON().Resources[logGroupId].Properties.RetentionInDays).toBe(30);
      template.hasResourceProperties('AWS::ApplicationAutoScaling::ScalingPolicy', {
        TargetTrackingScalingPolicyConfiguration: {
          PredefinedMetricSpecification: { PredefinedMetricType: 'ECSServiceAverageCPUUtilization' },
        },
      });
      const filters = resourcesOf('AWS::Logs::MetricFilter').map(([, f]) => f.Properties);
      expect(filters.map((f) => f.MetricTransformations[0].MetricName).sort()).toEqual([
        'SmtpRelay5xxReplies',
        'SmtpRelayConnectionErrors',
      ]);
      expect(filters.every((f) => f.LogGroupName.Ref === logGroupId)).toBe(true);
      const [topicId] = resourcesOf('AWS::SNS::Topic').find(
        ([, t]) => t.Properties.DisplayName === 'Email service alarms',
      )!;
      const relayAlarms = resourcesOf('AWS::CloudWatch::Alarm').filter(([, a]) =>
        String(a.Properties.AlarmDescription).startsWith('SMTP relay'),
      );
      expect(relayAlarms).toHaveLength(3);
      expect(relayAlarms.every(([, a]) => a.Properties.AlarmActions[0].Ref === topicId)).toBe(true);
      const metricsOf = (alarm: Json) => JSON.stringify(alarm.Properties);
      expect(relayAlarms.map(([, a]) => metricsOf(a))).toEqual(
        expect.arrayContaining([
          expect.stringContaining('RunningTaskCount'),
          expect.stringContaining('SmtpRelay5xxReplies'),
          expect.stringContaining('SmtpRelayConnectionErrors'),
        ]),
      );
    },
  );

  it('keeps every template at 250 resources or fewer, the relay in a nested stack of its own', () => {
    const templates = synthesizedTemplates(outdir);
    expect(templates.filter((t) => t.resources > 250)).toEqual([]);
    const relay = templates.filter((t) => t.file.startsWith('EmailServiceSmtpRelay'));
    expect(relay).toHaveLength(1);
    const types = Object.values(JSON.parse(readFileSync(join(outdir, relay[0].file), 'utf8')).Resources as Json).map(
      (r) => r.Type,
    );
    expect(types).toEqual(expect.arrayContaining(['AWS::ECS::Service', 'AWS::ElasticLoadBalancingV2::LoadBalancer']));
  });

  it('names the availability zones through Fn::GetAZs even for a literal region: no look-up at synth', () => {
    const { template: user } = wholeDeployment(stacks[1]);
    const zones = Object.values(user.findResources('AWS::EC2::Subnet')).map((subnet) =>
      JSON.stringify(subnet.Properties.AvailabilityZone),
    );
    expect(zones).toHaveLength(2);
    expect(zones.every((zone) => zone.includes('Fn::GetAZs'))).toBe(true);
  });

  const cfnLint = spawnSync('cfn-lint', ['--version'], { encoding: 'utf8' });
  if (cfnLint.status !== 0)
    console.warn('cfn-lint is not on the PATH: the CloudFormation lint of the relay templates is skipped');
  it.skipIf(cfnLint.status !== 0)(
    'passes cfn-lint with no error in any template',
    () => {
      const files = synthesizedTemplates(outdir).map(({ file }) => join(outdir, file));
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
      expect(
        findings.filter((f) => f.Level === 'Error').map((e) => `${e.Rule.Id} ${e.Filename}: ${e.Message}`),
      ).toEqual([]);
    },
    300_000,
  );
});
