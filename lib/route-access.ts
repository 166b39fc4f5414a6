import type { IGrantable } from 'aws-cdk-lib/aws-iam';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { RouteDefinition } from '../functions/routes/define-route';
import { grantAttachments } from './attachments-bucket';
import { grantProviderSecretRead } from './provider-secret-access';
import type { ServiceCore } from './route-area-stack';
import { grantSesIdentities } from './sending-domains';
import { grantTableAccess } from './table-access';

/**
 * Grants `grantee` what `route` declares (`table`, `aws`: functions/routes/define-route.ts): a route's
 * function, and the SMTP relay's task role, which runs the `mail-send` use case (lib/smtp-relay.ts),
 * so both hold the same grants from the same declaration. `providerSecretKey` is the data key as the
 * grantee's stack references it (lib/route-area-stack.ts). `inboundMail` is the route area's own: it
 * also sets the function's environment.
 */
export const grantRouteAccess = (
  core: ServiceCore,
  grantee: IGrantable,
  route: RouteDefinition,
  providerSecretKey: ISecret,
) => {
  grantTableAccess(core.table, grantee, route);
  if (route.aws?.includes('sendMail')) grantee.grantPrincipal.addToPrincipalPolicy(core.sesSend);
  if (route.aws?.includes('enqueue')) {
    core.sendQueue.grantSendMessages(grantee);
    core.drainStarts.grantSendMessages(grantee);
  }
  if (route.aws?.includes('otpSecret')) core.otpKey.grantRead(grantee);
  if (route.aws?.includes('providerSecrets')) {
    grantProviderSecretRead(providerSecretKey, core.providerSecretKey.encryptionKey!, grantee);
  }
  if (route.aws?.includes('trackingSecret')) core.trackingKey.grantRead(grantee);
  if (route.aws?.includes('webhookEvents')) core.webhookQueue.grantSendMessages(grantee);
  if (route.aws?.includes('jobs')) core.jobQueue.grantSendMessages(grantee);
  if (route.aws?.includes('attachmentsPut')) grantAttachments(core.attachments, grantee, 'put');
  if (route.aws?.includes('attachmentsDelete')) grantAttachments(core.attachments, grantee, 'delete');
  grantSesIdentities(grantee, route, core.sesIdentities);
};
