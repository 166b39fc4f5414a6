import { type CapabilityName, type CapabilityTypes, type DepsOf, wiringOf } from './capabilities';

/** The adapters of some capabilities, by name (functions/adapters/capabilities.ts). */
export type Adapters<U extends readonly CapabilityName[]> = { [C in U[number]]: () => CapabilityTypes[C] };

/**
 * A handler's dependencies from the capabilities it lists (functions/capabilities.ts, `wiringOf`):
 * each adapter built once under its key, or on each use (a getter) for settings and queues, which
 * read the configuration when called (config.ts).
 */
export const wire = <const U extends readonly CapabilityName[]>(uses: U, adapters: Adapters<U>): DepsOf<U> => {
  const deps = {};
  for (const { key, name, onUse } of wiringOf(uses)) {
    const make = (adapters as Record<string, () => unknown>)[name];
    if (!make) throw new Error(`No adapter for the capability ${name}`);
    Object.defineProperty(deps, key, onUse ? { get: make, enumerable: true } : { value: make(), enumerable: true });
  }
  return deps as DepsOf<U>;
};
