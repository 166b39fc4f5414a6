/**
 * The parsed JSON, or undefined when it is not JSON: no JSON text parses to undefined, and no payload schema
 * accepts it.
 */
export const jsonOf = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
