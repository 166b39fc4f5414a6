import type { RouteDefinition } from '../routes/define-route';

interface CompiledRoute {
  route: RouteDefinition;
  pattern: RegExp;
  names: string[];
}

const compile = (route: RouteDefinition): CompiledRoute => {
  const names: string[] = [];
  const source = route.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{(\w+)\}/g, (_m, name: string) => {
    names.push(name);
    return '([^/]+)';
  });
  return { route, pattern: new RegExp(`^${source}/?$`), names };
};

export type RouteMatch =
  | { kind: 'route'; route: RouteDefinition; params: Record<string, string> }
  | { kind: 'method-not-allowed'; allow: string[] }
  | { kind: 'not-found' };

/**
 * Matches a request against the route table the way API Gateway does: the local server dispatches
 * with it, and the API's $default route uses it to tell 405 (known path) from 404.
 */
export const routeMatcher = (routes: readonly RouteDefinition[]) => {
  const compiled = routes.map(compile);
  return (method: string, path: string): RouteMatch => {
    const allow: string[] = [];
    for (const { route, pattern, names } of compiled) {
      const match = pattern.exec(path);
      if (!match) continue;
      if (route.method !== method.toUpperCase()) {
        allow.push(route.method);
        continue;
      }
      return { kind: 'route', route, params: Object.fromEntries(names.map((name, i) => [name, match[i + 1]])) };
    }
    return allow.length ? { kind: 'method-not-allowed', allow } : { kind: 'not-found' };
  };
};
