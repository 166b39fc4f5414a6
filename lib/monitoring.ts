import { CfnOutput, Duration } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  Alarm,
  ComparisonOperator,
  Dashboard,
  GraphWidget,
  MathExpression,
  Metric,
  SingleValueWidget,
  TextWidget,
  TreatMissingData,
  type IMetric,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { ILogGroup } from 'aws-cdk-lib/aws-logs';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { MIN_SENT_FOR_RATES, THRESHOLDS } from '../functions/domain/reputation/figures';
import { TenantInsights } from './tenant-insights';

/** A queue older than this holds mail (or webhook events) that is not moving. */
export const QUEUE_AGE_ALARM_SECONDS = 15 * 60;
/** Server errors of the API in five minutes before the alarm goes off (SEND_FAILED is a 500 by contract). */
export const API_5XX_ALARM_COUNT = 5;

export interface MonitoringProps {
  /** CloudWatch namespace of the service's Embedded Metric Format lines (functions/adapters/metrics.ts). */
  namespace: string;
  api: HttpApi;
  /** The functions whose failures lose or delay work: the drainer, the webhook consumer, the SES-events function. */
  workers: { name: string; fn: IFunction }[];
  /** Queues whose oldest message should not be older than QUEUE_AGE_ALARM_SECONDS. */
  queues: { name: string; queue: Queue }[];
  /** Every dead-letter queue of the stack: any message in one is an alarm. */
  deadLetterQueues: { name: string; queue: Queue }[];
  /** The log groups of the functions that record bounces and complaints: the worst tenants are ranked there. */
  bounceLogGroups: ILogGroup[];
  /** An address to subscribe to the alarm topic (context variable `alarmEmail`); none: subscribe yourself. */
  alarmEmail?: string;
}

/**
 * The deployment's alarms, to one SNS topic (output `AlarmTopicArn`), and a dashboard of the same
 * figures: the reputation rates of the whole deployment against SES's review thresholds, an account
 * paused by the brake, anything in a dead-letter queue, failing workers, API server errors and
 * queues that stopped moving.
 */
export class Monitoring extends Construct {
  readonly topic: Topic;
  readonly alarms: Alarm[] = [];

  constructor(scope: Construct, id: string, props: MonitoringProps) {
    super(scope, id);
    this.topic = new Topic(this, 'AlarmTopic', { displayName: 'Email service alarms', enforceSSL: true });
    if (props.alarmEmail) this.topic.addSubscription(new EmailSubscription(props.alarmEmail));
    const action = new SnsAction(this.topic);
    const alarm = (
      name: string,
      metric: IMetric,
      threshold: number,
      description: string,
      comparison = ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
    ) => {
      const made = new Alarm(this, name, {
        metric,
        threshold,
        evaluationPeriods: 1,
        comparisonOperator: comparison,
        treatMissingData: TreatMissingData.NOT_BREACHING,
        alarmDescription: description,
      });
      made.addAlarmAction(action);
      made.addOkAction(action);
      this.alarms.push(made);
      return made;
    };

    const service = (metricName: string, period = Duration.minutes(5)) =>
      new Metric({ namespace: props.namespace, metricName, statistic: 'Sum', period });
    const day = Duration.days(1);
    // Rates over the last day, in percent, once the deployment sent MIN_SENT_FOR_RATES mails in it (as GET /stats
    // computes them).
    // Ids are per expression: both rates share a widget, where an id may name one metric only.
    const rate = (figure: string, id: string, label: string) =>
      new MathExpression({
        expression: `IF(${id}_sent >= ${MIN_SENT_FOR_RATES}, 100 * ${id} / ${id}_sent, 0)`,
        usingMetrics: { [`${id}_sent`]: service('Sent', day), [id]: service(figure, day) },
        period: day,
        label,
      });
    const bounceRate = rate('HardBounces', 'bounces', 'Hard bounce rate (%), last 24 hours');
    const complaintRate = rate('Complaints', 'complaints', 'Complaint rate (%), last 24 hours');
    alarm(
      'BounceRateAlarm',
      bounceRate,
      THRESHOLDS.bounce_rate.review * 100,
      "The deployment's hard bounce rate over the last 24 hours is at or over 5%, where SES puts the AWS account " +
        'under review (it pauses it at 10%). GET /api/v1/stats of each account shows whose mail bounces.',
    );
    alarm(
      'ComplaintRateAlarm',
      complaintRate,
      THRESHOLDS.complaint_rate.review * 100,
      "The deployment's complaint rate over the last 24 hours is at or over 0.1%, where SES puts the AWS account " +
        'under review (it pauses it at 0.5%).',
    );
    const paused = service('SendingPaused');
    alarm(
      'SendingPausedAlarm',
      paused,
      1,
      "The reputation brake paused an account's sending (the log line 'sending paused by the reputation brake' " +
        'names it). Resume it with POST /api/v1/stats/resume or `npm run admin -- resume --account <id>` once the ' +
        'cause is fixed.',
    );

    // Per tenant, the worst only (issue 42): Contributor Insights over the log, no metric dimension per tenant.
    const tenants = new TenantInsights(this, 'Tenants', { logGroups: props.bounceLogGroups });
    for (const worst of tenants.worst) alarm(worst.name, worst.metric, worst.threshold, worst.description);

    for (const { name, queue } of props.deadLetterQueues) {
      alarm(
        `${name}Alarm`,
        queue.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(5), statistic: 'Maximum' }),
        1,
        `A message is in the dead-letter queue ${name}: something failed for good and waits for an operator.`,
      );
    }
    for (const { name, fn } of props.workers) {
      alarm(
        `${name}ErrorsAlarm`,
        fn.metricErrors({ period: Duration.minutes(5), statistic: 'Sum' }),
        1,
        `The function ${name} failed (Lambda Errors).`,
      );
    }
    const serverErrors = props.api.metricServerError({ period: Duration.minutes(5), statistic: 'Sum' });
    alarm(
      'Api5xxAlarm',
      serverErrors,
      API_5XX_ALARM_COUNT,
      `The API answered ${API_5XX_ALARM_COUNT} or more 5xx in five minutes ` +
        '(SEND_FAILED is a 500: a provider refusing mail counts too).',
    );
    for (const { name, queue } of props.queues) {
      alarm(
        `${name}AgeAlarm`,
        queue.metricApproximateAgeOfOldestMessage({ period: Duration.minutes(5), statistic: 'Maximum' }),
        QUEUE_AGE_ALARM_SECONDS,
        `The oldest message of ${name} is older than 15 minutes: its consumer is not keeping up or not running. ` +
          "Mail that waits on purpose (an account paused by the brake, a provider's hourly or daily limit) ages too: " +
          'see DrainPausedWaiting on the dashboard.',
        ComparisonOperator.GREATER_THAN_THRESHOLD,
      );
    }

    const dashboard = new Dashboard(this, 'Dashboard', { defaultInterval: Duration.days(1) });
    const graph = (title: string, left: IMetric[], width = 8) => new GraphWidget({ title, left, width, height: 6 });
    dashboard.addWidgets(
      new TextWidget({
        markdown:
          "# Email service\nRates are the whole deployment's, over the last 24 hours; " +
          'per account: `GET /api/v1/stats`. ' +
          'SES reviews an account at 5% hard bounces or 0.1% complaints and pauses it at 10% / 0.5%; ' +
          'this service pauses an account first (`SENDING_PAUSED`).',
        width: 24,
        height: 2,
      }),
    );
    dashboard.addWidgets(
      new SingleValueWidget({
        title: 'Rates, last 24 hours (%)',
        metrics: [bounceRate, complaintRate],
        width: 8,
        height: 6,
      }),
      graph(
        'Mail',
        ['Sent', 'Delivered', 'Failed'].map((name) => service(name)),
      ),
      graph(
        'Bounces and complaints',
        ['HardBounces', 'SoftBounces', 'Complaints'].map((name) => service(name)),
      ),
    );
    dashboard.addWidgets(
      graph(
        'Queue backlog (visible messages)',
        props.queues.map(({ queue }) =>
          queue.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(5), statistic: 'Maximum' }),
        ),
      ),
      graph(
        'Oldest message (s)',
        props.queues.map(({ queue }) =>
          queue.metricApproximateAgeOfOldestMessage({ period: Duration.minutes(5), statistic: 'Maximum' }),
        ),
      ),
      graph(
        'Dead-letter queues',
        props.deadLetterQueues.map(({ queue }) =>
          queue.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(5), statistic: 'Maximum' }),
        ),
      ),
    );
    dashboard.addWidgets(
      graph(
        'Worker errors',
        props.workers.map(({ fn }) => fn.metricErrors({ period: Duration.minutes(5), statistic: 'Sum' })),
      ),
      graph('API 5xx', [serverErrors]),
      graph('Brake, drain and webhooks', [
        paused,
        service('DrainPausedWaiting'),
        service('DrainErrors'),
        service('WebhookFailures'),
      ]),
    );
    dashboard.addWidgets(...tenants.widgets);

    new CfnOutput(scope, 'AlarmTopicArn', {
      value: this.topic.topicArn,
      description: 'Every alarm of the deployment goes here; subscribe to it, or deploy with -c alarmEmail=<address>',
    });
    new CfnOutput(scope, 'DashboardName', { value: dashboard.dashboardName });
  }
}
