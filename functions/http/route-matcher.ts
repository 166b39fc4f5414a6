import { deflateRawSync, inflateRawSync } from 'node:zlib';
import type { RouteDefinition } from '../routes/define-route';

/** What matching needs of a route: its method and path template. */
type RouteKey = Pick<RouteDefinition, 'method' | 'path'>;

interface CompiledRoute<R extends RouteKey> {
  route: R;
  pattern: RegExp;
  names: string[];
}

const compile = <R extends RouteKey>(route: R): CompiledRoute<R> => {
  const names: string[] = [];
  const source = route.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{(\w+)\}/g, (_m, name: string) => {
    names.push(name);
    return '([^/]+)';
  });
  return { route, pattern: new RegExp(`^${source}/?$`), names };
};

export type RouteMatch<R extends RouteKey = RouteDefinition> =
  | { kind: 'route'; route: R; params: Record<string, string> }
  | { kind: 'method-not-allowed'; allow: string[] }
  | { kind: 'not-found' };

/**
 * API Gateway's precedence: the most specific path wins, a literal segment before a variable one at the
 * first place they differ (`GET /resend/emails/receiving` before `GET /resend/emails/{id}`); else the
 * table's order.
 */
const bySpecificity = (a: RouteKey, b: RouteKey) => {
  const [left, right] = [a.path.split('/'), b.path.split('/')];
  for (let at = 0; at < Math.min(left.length, right.length); at++) {
    const [leftVariable, rightVariable] = [left[at].startsWith('{'), right[at].startsWith('{')];
    if (leftVariable !== rightVariable) return leftVariable ? 1 : -1;
  }
  return 0;
};

/**
 * Matches a request against the route table the way API Gateway does: the local server dispatches
 * with it, and the API's catch-all route (ANY /{proxy+}) uses it to tell 405 (known path) from 404.
 */
export const routeMatcher = <R extends RouteKey>(routes: readonly R[]) => {
  const compiled = routes.map(compile);
  return (method: string, path: string): RouteMatch<R> => {
    const allow: string[] = [];
    let best: { route: R; params: Record<string, string> } | undefined;
    for (const { route, pattern, names } of compiled) {
      const match = pattern.exec(path);
      if (!match) continue;
      if (route.method !== method.toUpperCase()) {
        allow.push(route.method);
        continue;
      }
      // Routes that match one path have as many segments: their order by specificity is a total one.
      if (!best || bySpecificity(route, best.route) < 0)
        best = { route, params: Object.fromEntries(names.map((name, i) => [name, match[i + 1]])) };
    }
    if (best) return { kind: 'route', ...best };
    return allow.length ? { kind: 'method-not-allowed', allow } : { kind: 'not-found' };
  };
};

/**
 * "METHOD /path" for every route, deflated and in base64: what the stack hands the catch-all function
 * (see not-found.ts). Lambda allows 4 KB of environment a function: as plain text the keys of about 200
 * routes took 4.8 KB (cfn-lint E3697, a deploy that fails); deflated they take about 1.1 KB.
 */
export const routeKeys = (routes: readonly RouteKey[]) =>
  deflateRawSync(routes.map((route) => `${route.method} ${route.path}`).join(',')).toString('base64');

export const parseRouteKeys = (encoded: string): RouteKey[] =>
  (encoded ? inflateRawSync(Buffer.from(encoded, 'base64')).toString('utf8') : '')
    .split(',')
    .filter(Boolean)
    .map((key) => {
      const [method, path] = key.split(' ');
      return { method: method as RouteKey['method'], path };
    });
