export { CONSOLE_DIST, consoleRoute } from './area';
export { default as consolePage } from './console-page';
export { default as consoleAsset } from './console-asset';
import consolePage from './console-page';
import consoleAsset from './console-asset';
import type { AnyRoute } from '../define-route';

export const consoleRoutes: readonly AnyRoute[] = [consolePage, consoleAsset];
