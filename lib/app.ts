import { App, Validations, type Environment } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { EmailServiceStack } from './email-service-stack';

/** The cdk-nag AwsSolutions checks as a policy-validation plugin of `app`: a finding fails its synth. */
export const withNagChecks = (app: App) => {
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app, { verbose: true }));
  return app;
};

/**
 * The CDK app. The environment is the CLI's: `cdk deploy` with credentials sets CDK_DEFAULT_ACCOUNT and
 * CDK_DEFAULT_REGION, so the stack then has literal account and region (offline, neither is set).
 */
export const createApp = (options: { outdir?: string; env?: Environment; context?: Record<string, string> } = {}) => {
  const app = withNagChecks(new App({ outdir: options.outdir, context: options.context }));
  const env = options.env ?? { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION };
  const stack = new EmailServiceStack(app, process.env.STACK_NAME ?? 'EmailService', { env });
  return { app, stack };
};
