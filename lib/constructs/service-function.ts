import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { Architecture, Function as LambdaFunction, Runtime, type FunctionProps } from 'aws-cdk-lib/aws-lambda';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { fileURLToPath } from 'node:url';
import { functionBundle } from './function-bundle';

const root = fileURLToPath(new URL('../..', import.meta.url));

export interface ServiceFunctionProps
  extends Partial<Omit<FunctionProps, 'code' | 'handler' | 'runtime' | 'architecture'>> {
  /** File name (without .ts) under functions/handlers/. */
  handlerName: string;
  /** Repository files the handler reads at run time, copied beside its bundle at the same relative path. */
  files?: readonly string[];
}

/**
 * Every function of the service, configured in one place: Node 22 on ARM64, ESM bundles built by
 * esbuild (minified, source maps, the AWS SDK bundled so that only the clients a handler imports
 * are shipped, modules reached only by `import()` split into chunks: function-bundle.ts), a log group
 * with a retention, and a memory size and timeout that callers may change.
 */
export class ServiceFunction extends LambdaFunction {
  /** The handler it runs (functions/handlers/<name>.ts): what the tests' AWS call log names it by. */
  readonly handlerName: string;

  constructor(scope: Construct, id: string, props: ServiceFunctionProps) {
    // Defaults in the destructuring, not before `...rest`: a caller's `timeout: undefined` keeps them.
    const { handlerName, files = [], environment, memorySize = 256, timeout = Duration.seconds(10), ...rest } = props;
    super(scope, id, {
      code: functionBundle(scope, root, handlerName, files),
      handler: 'index.handler',
      runtime: Runtime.NODEJS_22_X,
      architecture: Architecture.ARM_64,
      memorySize,
      timeout,
      logGroup: new LogGroup(scope, `${id}Logs`, {
        retention: RetentionDays.ONE_MONTH,
        removalPolicy: RemovalPolicy.DESTROY,
      }),
      environment: { NODE_OPTIONS: '--enable-source-maps', ...environment },
      ...rest,
    });
    this.handlerName = handlerName;
  }
}
