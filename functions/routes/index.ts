import type { AnyRoute } from './define-route';
import { systemRoutes } from './system';
import { mailRoutes } from './mail';
import { reputationRoutes } from './reputation';
import { trackingRoutes } from './tracking';
import { otpRoutes } from './otp';
import { audienceRoutes } from './audience';
import { contactsRoutes } from './contacts';
import { campaignsRoutes } from './campaigns';
import { receiversRoutes } from './receivers';
import { adminRoutes } from './admin';
import { tenantsRoutes } from './tenants';
import { consoleRoutes } from './console';
import { templatesRoutes } from './templates';
import { domainsRoutes } from './domains';
import { inboundRoutes } from './inbound';
import { suppressionsRoutes } from './suppressions';
import { importsRoutes } from './imports';
import { resendRoutes } from './resend';
import { resendBroadcastsRoutes } from './resend-broadcasts';
import { resendWebhooksRoutes } from './resend-webhooks';
import { automationsRoutes } from './automations';
import { resendAutomationsRoutes } from './resend-automations';
import { resendAudienceRoutes } from './resend-audience';
import { resendTemplatesRoutes } from './resend-templates';
import { resendSuppressionsRoutes } from './resend-suppressions';
import { resendReceivingRoutes } from './resend-receiving';
import { resendSettingsRoutes } from './resend-settings';
import { logsRoutes } from './logs';
import { resendLogsRoutes } from './resend-logs';

/**
 * The route table: every HTTP route of the service, once. Read by the CDK stack (lib/), the local
 * server (local/) and the docs and OpenAPI generator. Handlers import their own entry directly, not
 * this table, so a function's bundle holds only its own schemas. Each area file lists its own routes
 * (a route added to an area is listed there, not here); a new area file is one line here.
 */
export const routes: readonly AnyRoute[] = [
  ...systemRoutes,
  ...consoleRoutes,
  ...mailRoutes,
  ...templatesRoutes,
  ...reputationRoutes,
  ...trackingRoutes,
  ...otpRoutes,
  ...audienceRoutes,
  ...contactsRoutes,
  ...importsRoutes,
  ...suppressionsRoutes,
  ...campaignsRoutes,
  ...automationsRoutes,
  ...receiversRoutes,
  ...adminRoutes,
  ...tenantsRoutes,
  ...domainsRoutes,
  ...inboundRoutes,
  ...resendRoutes,
  ...resendBroadcastsRoutes,
  ...resendWebhooksRoutes,
  ...resendAutomationsRoutes,
  ...resendAudienceRoutes,
  ...resendTemplatesRoutes,
  ...resendSuppressionsRoutes,
  ...resendReceivingRoutes,
  ...resendSettingsRoutes,
  ...logsRoutes,
  ...resendLogsRoutes,
];
