import type { Bucket } from 'aws-cdk-lib/aws-s3';
import { NestedStack, type NestedStackProps } from 'aws-cdk-lib';
import { HttpRoute, HttpRouteKey, type HttpApi, type HttpMethod } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import type { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Secret, type ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import type { RouteDefinition } from '../functions/routes/define-route';
import { ServiceFunction } from './constructs/service-function';
import { routeTimeout } from './function-limits';
import { grantRouteAccess } from './route-access';
import type { SesIdentityStatements, SesTenantAccess } from './sending-domains';
import type { InboundMail } from './inbound-mail';

/** What every route area uses of the core stack (lib/email-service-stack.ts). */
export interface ServiceCore {
  api: HttpApi;
  table: TableV2;
  sendQueue: Queue;
  /** Campaign mail's lane. */
  bulkSendQueue: Queue;
  /** Where the drainer parks mail it cannot send. */
  deadLetters: Queue;
  drainStarts: Queue;
  webhookQueue: Queue;
  webhookDeadLetters: Queue;
  jobQueue: Queue;
  otpKey: ISecret;
  trackingKey: ISecret;
  providerSecretKey: Secret;
  /** SES sending on any identity and configuration set of the account and region. */
  sesSend: PolicyStatement;
  /** The SES identity actions of the sending-domain routes, by kind (lib/sending-domains.ts). */
  sesIdentities: SesIdentityStatements;
  /** The SES tenant actions of the tenant routes, and the configuration set they tie tenants to. */
  sesTenants: SesTenantAccess;
  /** Received mail's bucket: the inbound routes read its parts (lib/inbound-mail.ts). */
  inboundMail: Pick<InboundMail, 'grantRoute' | 'grantParser'>;
  /** What every function's environment holds (the table, the API's own URL, settings); its grants add the rest. */
  environment: Record<string, string>;
  /** The files of queued mail too large for a queue message (lib/attachments-bucket.ts). */
  attachments: Bucket;
}

export interface RouteAreaStackProps extends NestedStackProps {
  core: ServiceCore;
  routes: readonly RouteDefinition[];
}

/**
 * One route area (lib/route-areas.ts) as a nested stack: per route its function, role, policy, log
 * group, the API route, its integration and the permission for API Gateway to invoke it, about
 * seven resources a route. The table, queues, secrets and the API itself stay in the core stack;
 * CloudFormation passes their names and ARNs in as parameters. Each function gets exactly what its
 * route declares (`table`, and the capabilities it `uses`: lib/route-access.ts), as it did in one stack.
 */
export class RouteAreaStack extends NestedStack {
  /** The area's routes anyone may call (no key): the stage throttles each on its own. */
  readonly publicRoutes: HttpRoute[] = [];

  constructor(scope: Construct, id: string, props: RouteAreaStackProps) {
    super(scope, id, props);
    const { core } = props;
    // The provider-secret data key by reference: a grant on the core's own Secret would also name
    // this area's roles in its KMS key's policy (lib/provider-secret-access.ts).
    const providerSecretKey = Secret.fromSecretCompleteArn(this, 'ProviderSecretKey', core.providerSecretKey.secretArn);
    for (const route of props.routes) {
      const fn = new ServiceFunction(this, `Route-${route.id}`, {
        handlerName: route.id,
        files: route.files,
        description: `${route.method} ${route.path}`,
        memorySize: route.lambda?.memoryMb,
        timeout: routeTimeout(route),
        environment: core.environment,
      });
      grantRouteAccess(core, fn, route, providerSecretKey, fn);
      // The route in this stack (api.addRoutes would put it in the API's), with its integration and permission.
      const added = new HttpRoute(this, `${route.method}${route.path}`, {
        httpApi: core.api,
        routeKey: HttpRouteKey.with(route.path, route.method as HttpMethod),
        integration: new HttpLambdaIntegration(`Integration-${route.id}`, fn),
      });
      if (route.permission === null) this.publicRoutes.push(added);
    }
  }
}
