import { Effect, type IGrantable, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import { QUEUES, type QueueDeclaration, type QueueName } from '../functions/queues';
import { type AwsGrant, routeGrants } from '../functions/capabilities';
import type { RouteDefinition } from '../functions/routes/define-route';
import { grantAttachments } from './attachments-bucket';
import type { ServiceFunction } from './constructs/service-function';
import { grantProviderSecretRead } from './provider-secret-access';
import type { ServiceCore } from './route-area-stack';
import { grantTableAccess } from './table-access';

/** Who is granted: a route's function, or the SMTP relay's task role (which has no environment to set). */
interface Grantee {
  principal: IGrantable;
  fn?: ServiceFunction;
}

type Grant = (core: ServiceCore, grantee: Grantee, providerSecretKey: ISecret) => void;

/**
 * What each AWS grant of functions/capabilities.ts is in IAM: one entry per grant, so a grant the
 * capabilities name and the stack does not know fails `tsc`.
 */
const GRANTS: Record<AwsGrant, Grant> = {
  sendMail: (core, { principal }) => principal.grantPrincipal.addToPrincipalPolicy(core.sesSend),
  enqueue: (core, { principal }) => {
    core.sendQueue.grantSendMessages(principal);
    core.drainStarts.grantSendMessages(principal);
  },
  otpSecret: (core, { principal }) => core.otpKey.grantRead(principal),
  providerSecrets: (core, { principal }, providerSecretKey) =>
    grantProviderSecretRead(providerSecretKey, core.providerSecretKey.encryptionKey!, principal),
  trackingSecret: (core, { principal }) => core.trackingKey.grantRead(principal),
  webhookEvents: (core, { principal }) => core.webhookQueue.grantSendMessages(principal),
  jobs: (core, { principal }) => core.jobQueue.grantSendMessages(principal),
  attachmentsPut: (core, { principal }) => grantAttachments(core.attachments, principal, 'put'),
  attachmentsDelete: (core, { principal }) => grantAttachments(core.attachments, principal, 'delete'),
  sesIdentityCreate: (core, { principal }) => addStatements(principal, core.sesIdentities.sesIdentityCreate),
  sesIdentityRead: (core, { principal }) => addStatements(principal, core.sesIdentities.sesIdentityRead),
  sesIdentityDelete: (core, { principal }) => addStatements(principal, core.sesIdentities.sesIdentityDelete),
  sesTenants: (core, { principal }) => addStatements(principal, core.sesTenants.statements),
  drainLanes: (core, { principal }) => {
    core.sendQueue.grantConsumeMessages(principal);
    core.bulkSendQueue.grantConsumeMessages(principal);
    // Scheduled mail whose time came is put back on the send queue (release-scheduled.ts).
    core.sendQueue.grantSendMessages(principal);
    core.deadLetters.grantSendMessages(principal);
  },
  startDrain: (core, { principal }) => core.drainStarts.grantSendMessages(principal),
  attachmentsRead: (core, { principal }) => grantAttachments(core.attachments, principal, 'read-delete'),
  sesAccount: (_core, { principal }) =>
    principal.grantPrincipal.addToPrincipalPolicy(
      new PolicyStatement({ effect: Effect.ALLOW, actions: ['ses:GetAccount'], resources: ['*'] }),
    ),
  enqueueBulk: (core, { principal }) => {
    core.bulkSendQueue.grantSendMessages(principal);
    core.drainStarts.grantSendMessages(principal);
  },
  jobsConsume: (core, { principal }) => {
    core.jobQueue.grantConsumeMessages(principal);
    core.jobQueue.grantSendMessages(principal);
  },
  webhookDelivery: (core, { principal }) => {
    core.webhookQueue.grantConsumeMessages(principal);
    core.webhookQueue.grantSendMessages(principal);
    core.webhookDeadLetters.grantSendMessages(principal);
  },
  inboundMail: (core, { principal, fn }) => {
    if (!fn) throw new Error('Inbound mail is read by route functions only (its bucket name is in their environment)');
    core.inboundMail.grantRoute(fn, principal);
  },
  inboundParse: (core, { principal }) => core.inboundMail.grantParser(principal),
};

/** A queue's URL under the variable functions/queues.ts gives it. */
const url = (name: QueueName, queue: Queue) => ({ [(QUEUES[name] as QueueDeclaration).urlEnv!]: queue.queueUrl });

/**
 * The variables the adapters of each grant read (functions/config.ts): a function's environment names
 * the queues, secrets and buckets its grants reach, and no others (the rest of it is the table, the
 * API's URL and the settings every function shares: lib/email-service-stack.ts).
 */
const GRANT_ENVIRONMENT: Record<AwsGrant, (core: ServiceCore) => Record<string, string>> = {
  sendMail: () => ({}),
  enqueue: (core) => ({ ...url('send', core.sendQueue), ...url('drainStarts', core.drainStarts) }),
  enqueueBulk: (core) => ({ ...url('bulkSend', core.bulkSendQueue), ...url('drainStarts', core.drainStarts) }),
  drainLanes: (core) => ({
    ...url('send', core.sendQueue),
    ...url('bulkSend', core.bulkSendQueue),
    ...url('sendDeadLetters', core.deadLetters),
  }),
  startDrain: (core) => url('drainStarts', core.drainStarts),
  otpSecret: (core) => ({ OTP_SECRET_ARN: core.otpKey.secretArn }),
  trackingSecret: (core) => ({ TRACKING_SECRET_ARN: core.trackingKey.secretArn }),
  providerSecrets: (core) => ({ PROVIDER_SECRET_KEY_ARN: core.providerSecretKey.secretArn }),
  webhookEvents: (core) => url('webhooks', core.webhookQueue),
  webhookDelivery: (core) => ({
    ...url('webhooks', core.webhookQueue),
    ...url('webhookDeadLetters', core.webhookDeadLetters),
  }),
  jobs: (core) => url('jobs', core.jobQueue),
  jobsConsume: (core) => url('jobs', core.jobQueue),
  attachmentsPut: (core) => ({ ATTACHMENTS_BUCKET: core.attachments.bucketName }),
  attachmentsDelete: (core) => ({ ATTACHMENTS_BUCKET: core.attachments.bucketName }),
  attachmentsRead: (core) => ({ ATTACHMENTS_BUCKET: core.attachments.bucketName }),
  sesIdentityCreate: () => ({}),
  sesIdentityRead: () => ({}),
  sesIdentityDelete: () => ({}),
  sesTenants: (core) => ({ SES_CONFIGURATION_SET_ARN: core.sesTenants.configurationSetArn }),
  sesAccount: () => ({}),
  // The inbound bucket's name comes with its grants (lib/inbound-mail.ts), set by the construct.
  inboundMail: () => ({}),
  inboundParse: () => ({}),
};

const addStatements = (
  principal: IGrantable,
  statements: Parameters<IGrantable['grantPrincipal']['addToPrincipalPolicy']>[0][],
) => {
  for (const statement of statements) principal.grantPrincipal.addToPrincipalPolicy(statement);
};

/** What a function declares it touches: a route's definition, or a worker's (functions/queues.ts). */
type Declared = Pick<RouteDefinition, 'table' | 'permission' | 'method' | 'idempotent' | 'uses'>;

/**
 * Grants `principal` what `route` declares: its table access (`table`) and the AWS access of the
 * capabilities it uses (`uses`), and sets on `fn` the variables that name what they reach (returned
 * too, for the relay's container): a route's function (`fn`), and the SMTP relay's task role, which
 * runs the `mail-send` use case (lib/smtp-relay.ts), so both hold the same grants from the same
 * declaration. `providerSecretKey` is the data key as the grantee's stack references it
 * (lib/route-area-stack.ts).
 */
export const grantRouteAccess = (
  core: ServiceCore,
  principal: IGrantable,
  route: Declared,
  providerSecretKey: ISecret,
  fn?: ServiceFunction,
) => {
  grantTableAccess(core.table, principal, route);
  const environment: Record<string, string> = {};
  for (const grant of routeGrants(route)) {
    GRANTS[grant](core, { principal, fn }, providerSecretKey);
    Object.assign(environment, GRANT_ENVIRONMENT[grant](core));
  }
  for (const [name, value] of Object.entries(environment)) fn?.addEnvironment(name, value);
  return environment;
};
