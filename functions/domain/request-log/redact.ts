/** What the request log keeps in place of a secret. */
export const REDACTED = '[redacted]';

/**
 * A JSON value with the values at `paths` replaced by "[redacted]" (paths of field names, `*` for any
 * array item or object value: schemas/secret.ts finds them in a route's schemas). The value is not changed:
 * the parts on a path are copied.
 */
export const redact = (value: unknown, paths: readonly (readonly string[])[]): unknown => {
  if (!paths.length) return value;
  if (paths.some((path) => path.length === 0)) return REDACTED;
  if (Array.isArray(value)) {
    const rest = paths.filter((path) => path[0] === '*').map((path) => path.slice(1));
    return rest.length ? value.map((item) => redact(item, rest)) : value;
  }
  if (value === null || typeof value !== 'object') return value;
  const copy: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(value)) {
    const rest = paths.filter((path) => path[0] === name || path[0] === '*').map((path) => path.slice(1));
    copy[name] = rest.length ? redact(field, rest) : field;
  }
  return copy;
};
