export { inbound } from './area';
export { default as inboundList } from './inbound-list';
export { default as inboundGet } from './inbound-get';
import inboundList from './inbound-list';
import inboundGet from './inbound-get';
import type { AnyRoute } from '../define-route';

export const inboundRoutes: readonly AnyRoute[] = [inboundList, inboundGet];
