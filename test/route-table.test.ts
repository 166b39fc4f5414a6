import { existsSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { routes } from '../functions/routes';

const routesDir = new URL('../functions/routes/', import.meta.url);
const isRoute = (value: unknown): value is { id: string } =>
  typeof value === 'object' &&
  value !== null &&
  ['id', 'method', 'path', 'tag'].every((field) => typeof (value as Record<string, unknown>)[field] === 'string');

describe('the route table', () => {
  it('holds every route an area file defines, once, each with its handler', async () => {
    const defined: string[] = [];
    for (const file of readdirSync(routesDir).filter((name) => name.endsWith('.ts'))) {
      const module = (await import(new URL(file, routesDir).href)) as Record<string, unknown>;
      defined.push(
        ...Object.values(module)
          .filter(isRoute)
          .map((route) => route.id),
      );
    }
    // A route defined but left out of its file's list would be neither deployed nor served.
    expect(routes.map((route) => route.id).toSorted()).toEqual(defined.toSorted());
    expect(new Set(routes.map((route) => route.id)).size).toBe(routes.length);
    for (const route of routes)
      expect(existsSync(new URL(`../functions/handlers/${route.id}.ts`, import.meta.url)), route.id).toBe(true);
  });
});
