import * as z from 'zod/mini';
import { RESERVED_KEYS, storableNumber } from './metadata';

/** A JSON object a request hands in to be kept (template variables, an event's payload, a step's config). */
export const MAX_JSON_BYTES = 32 * 1024;
/** How deep it may nest: DynamoDB keeps a document at most 32 levels deep, a record holds it a level or two down. */
const MAX_JSON_DEPTH = 16;

/** Whatever JSON it is, bounded: depth, numbers DynamoDB keeps, and no key that is empty or a prototype name. */
const jsonProblem = (what: string, value: unknown, depth = 0): string | undefined => {
  if (depth > MAX_JSON_DEPTH) return `${what} may nest at most ${MAX_JSON_DEPTH} levels deep`;
  if (typeof value === 'number')
    return storableNumber(value)
      ? undefined
      : 'Numbers must be finite, integers within ±9007199254740991, and no smaller in magnitude than 1e-130';
  if (Array.isArray(value)) {
    for (const item of value) {
      const problem = jsonProblem(what, item, depth + 1);
      if (problem) return problem;
    }
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  for (const [key, item] of Object.entries(value)) {
    if (key.length < 1 || key.length > 100) return `Keys of ${what} are 1 to 100 characters`;
    if (RESERVED_KEYS.has(key)) return `Key ${JSON.stringify(key)} is reserved`;
    const problem = jsonProblem(what, item, depth + 1);
    if (problem) return problem;
  }
  return undefined;
};

/**
 * The key rules run on the raw object, before the record parses it: zod's record drops an own `__proto__`
 * key silently (see metadata.ts).
 */
const checkJson = (what: string) =>
  z.transform((raw: unknown, payload) => {
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return raw;
    const problem = jsonProblem(what, raw);
    if (problem) payload.issues.push({ code: 'custom', message: problem, input: raw });
    else if (Buffer.byteLength(JSON.stringify(raw)) > MAX_JSON_BYTES)
      payload.issues.push({
        code: 'custom',
        message: `${what} may be at most ${MAX_JSON_BYTES / 1024} KiB as JSON`,
        input: raw,
      });
    return raw;
  });

/** A JSON object field, bounded as above, so that what is accepted can be stored (never a 500 from DynamoDB). */
export const jsonObjectField = (what: string, description: string) =>
  z.pipe(checkJson(what), z.record(z.string(), z.unknown()).check(z.meta({ description })));
