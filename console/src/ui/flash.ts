/**
 * What one view hands the next it opens (a new domain's warnings, answered once by POST /domains):
 * kept in memory for that one visit, taken when read, gone on reload.
 */
const flashes = new Map<string, unknown>();

export const flash = (key: string, value: unknown) => {
  flashes.set(key, value);
};

export const takeFlash = <T>(key: string): T | undefined => {
  const value = flashes.get(key) as T | undefined;
  flashes.delete(key);
  return value;
};
