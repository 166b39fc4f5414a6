import { Effect, type IGrantable, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
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
 * capabilities it uses (`uses`): a route's function (`fn`), and the SMTP relay's task role, which
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
  for (const grant of routeGrants(route)) GRANTS[grant](core, { principal, fn }, providerSecretKey);
};
