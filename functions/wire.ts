import { CAPABILITIES, type CapabilityName, type CapabilityTypes, type DepsOf, keyOf } from './capabilities';

/** The adapters of some capabilities, by name (functions/adapters/capabilities.ts). */
export type Adapters<U extends readonly CapabilityName[]> = { [C in U[number]]: () => CapabilityTypes[C] };

/**
 * A handler's dependencies from the capabilities it lists: each adapter built once, under its key; a
 * setting (and an `onUse` adapter) becomes a getter, so it is read on use, as the configuration is (config.ts).
 */
export const wire = <const U extends readonly CapabilityName[]>(uses: U, adapters: Adapters<U>): DepsOf<U> => {
  const deps = {};
  for (const name of uses) {
    const make = (adapters as Record<string, () => unknown>)[name];
    if (!make) throw new Error(`No adapter for the capability ${name}`);
    // Capabilities that fill one key (the SES identity kinds) share its adapter: the first one built serves.
    if (Object.hasOwn(deps, keyOf(name))) continue;
    const declared = CAPABILITIES[name];
    if ('setting' in declared || 'onUse' in declared)
      Object.defineProperty(deps, keyOf(name), { get: make, enumerable: true });
    else Object.defineProperty(deps, keyOf(name), { value: make(), enumerable: true });
  }
  return deps as DepsOf<U>;
};
