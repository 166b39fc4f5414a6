import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { Architecture, Runtime } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat, type NodejsFunctionProps } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { BUNDLE } from './bundling-options';

const root = fileURLToPath(new URL('../..', import.meta.url));
export const handlerEntry = (name: string) => join(root, 'functions', 'handlers', `${name}.ts`);

/** Bundling hooks that copy repository files into the bundle's directory (functions/http/shipped-file.ts finds them there). */
const shipFiles = (files: readonly string[]) => ({
  beforeBundling: () => [],
  beforeInstall: () => [],
  afterBundling: (inputDir: string, outputDir: string) =>
    files.flatMap((file) => [`mkdir -p "${join(outputDir, dirname(file))}"`, `cp "${join(inputDir, file)}" "${join(outputDir, file)}"`]),
});

export interface ServiceFunctionProps extends Partial<NodejsFunctionProps> {
  /** File name (without .ts) under functions/handlers/. */
  handlerName: string;
  /** Repository files the handler reads at run time, copied beside its bundle at the same relative path. */
  files?: readonly string[];
}

/**
 * Every function of the service, configured in one place: Node 22 on ARM64, ESM bundles built by
 * esbuild (minified, source maps, the AWS SDK bundled so that only the clients a handler imports
 * are shipped), a log group with a retention, and a memory size and timeout that callers may change.
 */
export class ServiceFunction extends NodejsFunction {
  constructor(scope: Construct, id: string, props: ServiceFunctionProps) {
    // Defaults in the destructuring, not before `...rest`: a caller's `timeout: undefined` keeps them.
    const { handlerName, files = [], environment, bundling, memorySize = 256, timeout = Duration.seconds(10), ...rest } = props;
    super(scope, id, {
      entry: handlerEntry(handlerName),
      handler: 'handler',
      runtime: Runtime.NODEJS_22_X,
      architecture: Architecture.ARM_64,
      memorySize,
      timeout,
      projectRoot: root,
      depsLockFilePath: join(root, 'package-lock.json'),
      logGroup: new LogGroup(scope, `${id}Logs`, { retention: RetentionDays.ONE_MONTH, removalPolicy: RemovalPolicy.DESTROY }),
      environment: { NODE_OPTIONS: '--enable-source-maps', ...environment },
      bundling: {
        format: OutputFormat.ESM,
        minify: BUNDLE.minify,
        sourceMap: true,
        sourcesContent: false,
        target: BUNDLE.target,
        mainFields: BUNDLE.mainFields,
        externalModules: [],
        banner: BUNDLE.banner,
        ...(files.length ? { commandHooks: shipFiles(files) } : {}),
        ...bundling,
      },
      ...rest,
    });
  }
}
