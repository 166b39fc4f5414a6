import type * as z from 'zod/mini';

/**
 * Fields whose values are secrets (an API key, a provider password, a webhook signing secret, an OTP code,
 * an attachment's content): marked where the schema declares them, so that the request log
 * (http/middleware/request-log.ts) redacts them on every route that carries them, found from the route's
 * own schemas. A field named here is never written to the log, whatever route a future change adds it to.
 */
const SECRET = new WeakMap<object, readonly (readonly string[])[]>();

/** Marks a schema's value as a secret: the request log keeps "[redacted]" in its place. */
export const secret = <S extends z.ZodMiniType>(schema: S): S => {
  SECRET.set(schema, [[]]);
  return schema;
};

/**
 * Marks the secrets inside a value its schema does not describe (taken as `unknown` and checked later,
 * as Resend's attachments are): paths of field names in it, `*` for any array item.
 */
export const secretWithin = <S extends z.ZodMiniType>(schema: S, paths: readonly (readonly string[])[]): S => {
  SECRET.set(schema, paths);
  return schema;
};

/** Where the content of each attachment sits in a send's fields, when they are taken unchecked (a batch's items). */
export const ATTACHMENT_CONTENT: readonly (readonly string[])[] = [['attachments', '*', 'content']];

/**
 * Where a schema's secrets sit, as paths of field names (`*` for any item of an array or value of a
 * record). A union contributes the paths of every option: a secret of one shape is redacted in all.
 */
export const secretPaths = (schema: z.ZodMiniType | undefined): string[][] => {
  const found: string[][] = [];
  const seen = new Set<object>();
  const walk = (node: z.ZodMiniType | undefined, path: string[]) => {
    if (!node || path.length > 12) return;
    const marked = SECRET.get(node);
    if (marked) {
      for (const inside of marked) found.push([...path, ...inside]);
      return;
    }
    if (seen.has(node)) return;
    seen.add(node);
    const def = (node as unknown as { _zod: { def: Record<string, unknown> } })._zod.def;
    const child = (key: string) => def[key] as z.ZodMiniType | undefined;
    switch (def.type) {
      case 'object':
        for (const [name, field] of Object.entries(def.shape as Record<string, z.ZodMiniType>))
          walk(field, [...path, name]);
        break;
      case 'array':
        walk(child('element'), [...path, '*']);
        break;
      case 'record':
        walk(child('valueType'), [...path, '*']);
        break;
      case 'optional':
      case 'nullable':
      case 'default':
      case 'prefault':
      case 'nonoptional':
      case 'readonly':
      case 'catch':
        walk(child('innerType'), path);
        break;
      case 'pipe':
        walk(child('in'), path);
        walk(child('out'), path);
        break;
      case 'union':
        for (const option of def.options as z.ZodMiniType[]) walk(option, path);
        break;
      case 'intersection':
        walk(child('left'), path);
        walk(child('right'), path);
        break;
      case 'lazy':
        walk((def.getter as () => z.ZodMiniType)(), path);
        break;
    }
    seen.delete(node);
  };
  walk(schema, []);
  return found;
};
