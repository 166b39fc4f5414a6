import { config } from '../config';
import type { TrackingSettings } from '../ports';
import { deploymentSecret } from './deployment-secret';

/**
 * The key for tracking tokens (TRACKING_SECRET, or the secret TRACKING_SECRET_ARN names) and where tracking
 * links point.
 */
export const trackingSettings: TrackingSettings = {
  key: /* @__PURE__ */ deploymentSecret('TRACKING_SECRET'),
  baseUrl: () => config.publicBaseUrl,
  machineWindowSeconds: () => config.trackingMachineSeconds,
};
