import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { EmailServiceStack } from './email-service-stack';

/** The CDK app with the cdk-nag AwsSolutions checks as a policy-validation plugin: a finding fails synth. */
export const createApp = (options: { outdir?: string } = {}) => {
  const app = new App({ outdir: options.outdir });
  const stack = new EmailServiceStack(app, process.env.STACK_NAME ?? 'EmailService', {
    env: { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION },
  });
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app, { verbose: true }));
  return { app, stack };
};
