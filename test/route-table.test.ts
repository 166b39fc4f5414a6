import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CAPABILITIES, keyOf } from '../functions/capabilities';
import { routes } from '../functions/routes';

const routesDir = new URL('../functions/routes/', import.meta.url);
const areas = readdirSync(routesDir, { withFileTypes: true }).filter((entry) => entry.isDirectory());

describe('the route table', () => {
  it('holds every route module once, each named by its route id, exporting its route and handler', async () => {
    const defined: string[] = [];
    for (const area of areas) {
      for (const file of readdirSync(new URL(`${area.name}/`, routesDir)).filter((name) => name.endsWith('.ts'))) {
        if (file === 'index.ts' || file === 'area.ts') continue;
        const module = (await import(new URL(`${area.name}/${file}`, routesDir).href)) as {
          default?: { id: string; handle: unknown };
        };
        // The Lambda entry is generated from the id: it finds the module by its file name.
        expect(module.default?.id, `${area.name}/${file}`).toBe(file.slice(0, -'.ts'.length));
        expect(typeof module.default?.handle, file).toBe('function');
        defined.push(module.default!.id);
      }
    }
    // A module left out of its area's list would be neither deployed nor served.
    expect(routes.map((route) => route.id).toSorted()).toEqual(defined.toSorted());
    expect(new Set(routes.map((route) => route.id)).size).toBe(routes.length);
  });

  it('never fills one dependency from two adapters (only the SES identity kinds share theirs)', () => {
    for (const route of routes) {
      const byKey = new Map<string, string[]>();
      for (const name of route.uses ?? []) byKey.set(keyOf(name), [...(byKey.get(keyOf(name)) ?? []), name]);
      for (const [key, names] of byKey) {
        if (names.length > 1) expect(key, `${route.id}: ${names.join(', ')}`).toBe('identities');
      }
      for (const name of route.uses ?? []) expect(CAPABILITIES).toHaveProperty(name);
    }
  });
});
