import type { OtpSecret } from '../ports';
import { deploymentSecret } from './deployment-secret';

/**
 * The key for OTP code hashes (OTP_SECRET, or the secret OTP_SECRET_ARN names). Pure: bundles that never use
 * it drop it.
 */
export const otpSecret: OtpSecret = { key: /* @__PURE__ */ deploymentSecret('OTP_SECRET') };
