import { Duration, Stack } from 'aws-cdk-lib';
import type { TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { Effect, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { Construct } from 'constructs';
import { ServiceFunction } from './constructs/service-function';
import { ITEM_WRITE_ACTIONS, partitionPattern } from './table-access';

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
 * The schedule of the sending domains: every 15 minutes a function looks up the records of the
 * pending and verified domains and asks SES for their state (pending ones for 72 hours, then
 * `failed`, their names released and the identities they made deleted). It reads the domains through
 * gsi1 and writes back the domain items and the claims on names only.
 */
export const addDomainChecker = (
  scope: Construct,
  props: { table: TableV2; environment: Record<string, string>; statements: Record<IdentityKind, PolicyStatement[]> },
) => {
  const checker = new ServiceFunction(scope, 'DomainChecker', {
    handlerName: 'domain-checker',
    description: 'Checks the DNS records and SES state of sending domains',
    timeout: Duration.minutes(5),
    environment: props.environment,
  });
  props.table.grantReadData(checker);
  checker.addToRolePolicy(
    new PolicyStatement({
      effect: Effect.ALLOW,
      actions: [...ITEM_WRITE_ACTIONS],
      resources: [props.table.tableArn],
      // The domain items, and the claims on names: a claim that did not verify within 72 hours is released.
      conditions: {
        'ForAllValues:StringLike': {
          'dynamodb:LeadingKeys': [partitionPattern('domain'), partitionPattern('domainName')],
        },
      },
    }),
  );
  for (const statement of props.statements.sesIdentityRead) checker.addToRolePolicy(statement);
  // The identity of such a claim is deleted with it (only one the claim created: domains.ts).
  for (const statement of props.statements.sesIdentityDelete) checker.addToRolePolicy(statement);
  new Rule(scope, 'DomainCheckSchedule', {
    schedule: Schedule.rate(Duration.minutes(15)),
    targets: [new LambdaFunction(checker)],
  });
  return checker;
};
