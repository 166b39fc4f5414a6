import { deploymentSecret } from './deployment-secret';
import { aesGcmSecretBox } from './secret-box';

/**
 * Seals provider passwords and signing keys, keyed by PROVIDER_SECRET_KEY (or the secret
 * PROVIDER_SECRET_KEY_ARN names). One per process, so the key is read once. Pure: bundles that
 * never use it drop it, and the Secrets Manager client with it.
 */
export const providerSecretBox = /* @__PURE__ */ aesGcmSecretBox(
  /* @__PURE__ */ deploymentSecret('PROVIDER_SECRET_KEY'),
);
