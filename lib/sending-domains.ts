import { Duration, Stack } from 'aws-cdk-lib';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { Effect, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { Construct } from 'constructs';
import { WORKERS } from '../functions/queues';

type IdentityKind = 'sesIdentityCreate' | 'sesIdentityRead' | 'sesIdentityDelete';
export type SesIdentityStatements = Record<IdentityKind, PolicyStatement[]>;

/**
 * The SES actions of each identity kind of functions/capabilities.ts (its `sesIdentity*` grants): only those, on
 * the account's identities of this region (a domain's identity is made at run time, so identity/*),
 * and creating one only with the stack's own configuration set.
 */
export const sesIdentityStatements = (
  scope: Construct,
  configurationSetName: string,
): Record<IdentityKind, PolicyStatement[]> => {
  const { partition, region, account } = Stack.of(scope);
  const identities = `arn:${partition}:ses:${region}:${account}:identity/*`;
  const statement = (actions: string[], resources = [identities]) =>
    new PolicyStatement({ effect: Effect.ALLOW, actions, resources });
  const read = statement(['ses:GetEmailIdentity']);
  return {
    sesIdentityCreate: [
      statement(
        ['ses:CreateEmailIdentity'],
        [identities, `arn:${partition}:ses:${region}:${account}:configuration-set/${configurationSetName}`],
      ),
      statement(['ses:PutEmailIdentityMailFromAttributes']),
      read,
    ],
    sesIdentityRead: [read],
    sesIdentityDelete: [statement(['ses:DeleteEmailIdentity'])],
  };
};

/**
 * The schedule of the sending domains: every 15 minutes the checker (functions/queues.ts, granted from
 * its declaration like every function) looks up the records of the pending and verified domains and
 * asks SES for their state (pending ones for 72 hours, then `failed`, their names released and the
 * identities they made deleted).
 */
export const scheduleDomainChecks = (scope: Construct, checker: IFunction) =>
  new Rule(scope, 'DomainCheckSchedule', {
    schedule: Schedule.rate(Duration.minutes(WORKERS.domainChecker.scheduleMinutes)),
    targets: [new LambdaFunction(checker)],
  });

/** What the tenant routes need of SES (lib/route-access.ts, grant `sesTenants`), and the set they tie tenants to. */
export interface SesTenantAccess {
  statements: PolicyStatement[];
  configurationSetArn: string;
}

/**
 * SES's tenant actions (issue 42): create and delete tenants of this account and region (a tenant is made
 * at run time, so tenant/*), and tie one only to the stack's own configuration set.
 */
export const sesTenantAccess = (scope: Construct, configurationSetName: string): SesTenantAccess => {
  const { partition, region, account } = Stack.of(scope);
  const tenants = `arn:${partition}:ses:${region}:${account}:tenant/*`;
  const configurationSetArn = `arn:${partition}:ses:${region}:${account}:configuration-set/${configurationSetName}`;
  return {
    configurationSetArn,
    statements: [
      new PolicyStatement({
        effect: Effect.ALLOW,
        actions: ['ses:CreateTenant', 'ses:DeleteTenant'],
        resources: [tenants],
      }),
      new PolicyStatement({
        effect: Effect.ALLOW,
        actions: ['ses:CreateTenantResourceAssociation'],
        resources: [tenants, configurationSetArn],
      }),
    ],
  };
};
