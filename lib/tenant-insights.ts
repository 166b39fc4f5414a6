import { Duration, Stack } from 'aws-cdk-lib';
import { CfnInsightRule, ConcreteWidget, MathExpression } from 'aws-cdk-lib/aws-cloudwatch';
import type { ILogGroup } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { TENANT_BOUNCE_LOG } from '../functions/domain/bounces/record-bounce';

/** Hard bounces of one tenant in an hour at which the worst-tenant alarm goes off. */
export const TENANT_HARD_BOUNCES_PER_HOUR = 25;
/** Complaints of one tenant in an hour at which the worst-tenant alarm goes off. */
export const TENANT_COMPLAINTS_PER_HOUR = 5;
/** How many tenants the dashboard ranks. */
const TOP_TENANTS = 10;

/**
 * A Contributor Insights widget: the rule's top contributors over time. The CDK has no class for it; the
 * dashboard body is the one CloudWatch documents (`properties.insightRule`).
 */
class TopContributorsWidget extends ConcreteWidget {
  constructor(
    private readonly title: string,
    private readonly ruleName: string,
    private readonly region: string,
  ) {
    super(12, 6);
  }

  toJson() {
    return [
      {
        type: 'metric',
        width: this.width,
        height: this.height,
        x: this.x,
        y: this.y,
        properties: {
          title: this.title,
          region: this.region,
          view: 'timeSeries',
          stacked: false,
          period: 3600,
          insightRule: { ruleName: this.ruleName, maxContributorCount: TOP_TENANTS, orderBy: 'Sum' },
        },
      },
    ];
  }
}

/**
 * The worst tenants (issue 42), with a cardinality that does not grow with them: no metric has a dimension
 * per tenant (10,000 tenants would be 10,000 metrics per figure). Each bounce or complaint of a tenant's mail is
 * one structured log line (TENANT_BOUNCE_LOG); a Contributor Insights rule per figure counts them per
 * account and tenant, the dashboard shows the top ten, and one alarm per figure watches the rule's single
 * largest contributor (INSIGHT_RULE_METRIC MaxContributorValue): its dimensions are the rule's, never a tenant's.
 */
export class TenantInsights extends Construct {
  readonly widgets: ConcreteWidget[] = [];
  readonly worst: { name: string; metric: MathExpression; threshold: number; description: string }[] = [];

  constructor(scope: Construct, id: string, props: { logGroups: ILogGroup[] }) {
    super(scope, id);
    const stack = Stack.of(this);
    const rule = (name: string, kind: 'hard' | 'complaint', title: string) => {
      const ruleName = `${stack.stackName}-${name}`;
      new CfnInsightRule(this, name, {
        ruleName,
        ruleState: 'ENABLED',
        ruleBody: stack.toJsonString({
          Schema: { Name: 'CloudWatchLogRule', Version: 1 },
          LogGroupNames: props.logGroups.map((group) => group.logGroupName),
          LogFormat: 'JSON',
          Contribution: {
            Keys: ['$.account_id', '$.tenant_id'],
            Filters: [
              { Match: '$.msg', In: [TENANT_BOUNCE_LOG] },
              { Match: '$.kind', In: [kind] },
            ],
          },
          AggregateOn: 'Count',
        }),
      });
      this.widgets.push(new TopContributorsWidget(title, ruleName, stack.region));
      return new MathExpression({
        expression: `INSIGHT_RULE_METRIC('${ruleName}', 'MaxContributorValue')`,
        usingMetrics: {},
        period: Duration.hours(1),
        label: `${title}: the worst tenant`,
      });
    };
    this.worst.push(
      {
        name: 'WorstTenantHardBouncesAlarm',
        metric: rule('TenantHardBounces', 'hard', 'Hard bounces per tenant, top 10'),
        threshold: TENANT_HARD_BOUNCES_PER_HOUR,
        description:
          `One tenant's mail bounced hard ${TENANT_HARD_BOUNCES_PER_HOUR} times or more in an hour. The dashboard's ` +
          "'Hard bounces per tenant' names it (account and tenant ids); GET /api/v1/stats?tenant= shows its rates. " +
          'The brake pauses a tenant on its own at 10%.',
      },
      {
        name: 'WorstTenantComplaintsAlarm',
        metric: rule('TenantComplaints', 'complaint', 'Complaints per tenant, top 10'),
        threshold: TENANT_COMPLAINTS_PER_HOUR,
        description:
          `One tenant's mail drew ${TENANT_COMPLAINTS_PER_HOUR} complaints or more in an hour. The dashboard's ` +
          "'Complaints per tenant' names it; GET /api/v1/stats?tenant= shows its rates.",
      },
    );
  }
}
