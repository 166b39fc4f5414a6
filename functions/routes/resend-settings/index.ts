export { resendSettings } from './area';
export { default as resendDomainsUpdate } from './resend-domains-update';
export { default as resendApiKeysUpdate } from './resend-api-keys-update';
import resendDomainsUpdate from './resend-domains-update';
import resendApiKeysUpdate from './resend-api-keys-update';
import type { AnyRoute } from '../define-route';

/** The area's routes, in the order the route table and the docs list them. */
export const resendSettingsRoutes: readonly AnyRoute[] = [resendDomainsUpdate, resendApiKeysUpdate];
