import { type NestedStack, Stack, type CfnResource } from 'aws-cdk-lib';
import type { CfnRoute, CfnStage, HttpRoute } from 'aws-cdk-lib/aws-apigatewayv2';

export interface Throttle {
  /** Steady requests per second. */
  rateLimit: number;
  /** Requests taken at once above the steady rate (the size of API Gateway's token bucket). */
  burstLimit: number;
}

/**
 * The whole API, every route together: a ceiling on what a flood can cost (each request is a Lambda
 * invocation and table calls), far above what the per-key rate limits let a few busy keys send
 * (60 requests a minute each by default). The account's own limit, shared by every API of the
 * region, is 10,000 per second. Raise this with the number of busy keys.
 */
export const API_THROTTLE: Throttle = { rateLimit: 200, burstLimit: 400 };

/**
 * Each public route: anyone can call them, without a key whose rate limit would stop them, so a
 * flood on one of them must not use up the whole API's share. The provider receivers are the busy
 * ones: a large send brings a burst of bounce and delivery events. Providers send again what was
 * refused (SendGrid for 24 hours, Mailgun for 8, SNS as its subscription's delivery policy says),
 * so a 429 here delays events rather than losing them.
 */
export const PUBLIC_ROUTE_THROTTLE: Throttle = { rateLimit: 50, burstLimit: 100 };

/** Sets the stage's default limit, and the public routes' own limits by route key. */
export const throttleApi = (stage: CfnStage, publicRoutes: HttpRoute[]) => {
  const cfnRoutes = publicRoutes.map((route) => route.node.defaultChild as CfnRoute);
  stage.defaultRouteSettings = {
    throttlingRateLimit: API_THROTTLE.rateLimit,
    throttlingBurstLimit: API_THROTTLE.burstLimit,
  };
  // RouteSettings is plain JSON to the L1 (not converted as DefaultRouteSettings is): CloudFormation's own names.
  const publicSettings = {
    ThrottlingRateLimit: PUBLIC_ROUTE_THROTTLE.rateLimit,
    ThrottlingBurstLimit: PUBLIC_ROUTE_THROTTLE.burstLimit,
  };
  stage.routeSettings = Object.fromEntries(cfnRoutes.map((route) => [route.routeKey, publicSettings]));
  // API Gateway refuses a stage that names a route key not yet created: the stage waits for these
  // routes, or for the nested stack (route area) that makes them.
  const here = Stack.of(stage);
  const heldBy = (route: CfnRoute): CfnResource =>
    Stack.of(route) === here ? route : (Stack.of(route) as NestedStack).nestedStackResource!;
  for (const holder of new Set(cfnRoutes.map(heldBy))) stage.addResourceDependency(holder);
};
