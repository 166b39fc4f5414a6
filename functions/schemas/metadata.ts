import * as z from 'zod/mini';

/**
 * `metadata` (mail, batch items, subscribers): the user's own key/value data, stored as a DynamoDB
 * map inside the record it belongs to. docs/promises.md "Free-form input is bounded"; each bound keeps a
 * value DynamoDB or its SDK would refuse later (a 500 after the request was accepted) out at the door:
 * - flat: values are strings, numbers, booleans or null. DynamoDB nests at most 32 levels; flat is
 *   the simple rule under it.
 * - at most 50 keys of 1..40 characters. DynamoDB refuses an empty attribute name; long names cost
 *   item size.
 * - no key `__proto__`, `constructor` or `prototype`: the SDK's marshaller takes an object with an own
 *   `constructor` for a class instance and throws, and the others are prototype-pollution names.
 * - numbers DynamoDB stores exactly: finite, integers within ±(2^53 - 1) (beyond that JSON has
 *   already lost digits and the SDK refuses them), and no magnitude below 1e-130, DynamoDB's smallest.
 *   Its largest, 1e125, lies beyond the safe integers, and a double never has more than 17 of the 38
 *   significant digits DynamoDB keeps.
 * - at most 8 KiB as JSON, which keeps the record far below DynamoDB's 400 KB item limit.
 */
export const METADATA_LIMITS = { keys: 50, keyLength: 40, bytes: 8 * 1024 } as const;
export const RESERVED_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
const SMALLEST_MAGNITUDE = 1e-130;

export const storableNumber = (n: number) =>
  Number.isFinite(n) && (Number.isInteger(n) ? Number.isSafeInteger(n) : Math.abs(n) >= SMALLEST_MAGNITUDE);

/** A key named in an error message, cut short: the key may be the 66 kB one being refused. */
const shown = (key: string) => JSON.stringify(key.length > 40 ? `${key.slice(0, 40)}...` : key);

/**
 * The key rules, on the raw JSON object: zod's record drops an own `__proto__` key silently, so it
 * can only be seen (and refused) before the record parses it.
 */
const checkKeys = z.transform((raw: unknown, payload) => {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return raw;
  const keys = Object.keys(raw);
  const refuse = (message: string) => payload.issues.push({ code: 'custom', message, input: raw });
  if (keys.length > METADATA_LIMITS.keys) refuse(`metadata may have at most ${METADATA_LIMITS.keys} keys`);
  for (const key of keys) {
    if (key.length < 1 || key.length > METADATA_LIMITS.keyLength)
      refuse(`Key ${shown(key)}: keys are 1 to ${METADATA_LIMITS.keyLength} characters`);
    else if (RESERVED_KEYS.has(key)) refuse(`Key ${shown(key)} is reserved`);
  }
  return raw;
});

const value = z.union(
  [
    z.string(),
    z
      .number()
      .check(
        z.refine(
          storableNumber,
          'Numbers must be finite, integers within ±9007199254740991, and no smaller in magnitude than 1e-130',
        ),
      ),
    z.boolean(),
    z.null(),
  ],
  { error: 'metadata is flat: values are strings, numbers, booleans or null' },
);

export const metadata = () =>
  z.pipe(
    checkKeys,
    // The key lengths and maxProperties here only document checkKeys' rules, which refuse first.
    z.record(z.string().check(z.minLength(1), z.maxLength(METADATA_LIMITS.keyLength)), value).check(
      z.refine(
        (map) => Buffer.byteLength(JSON.stringify(map)) <= METADATA_LIMITS.bytes,
        `metadata may be at most ${METADATA_LIMITS.bytes / 1024} KiB as JSON`,
      ),
      z.meta({
        description:
          `Flat key/value data: at most ${METADATA_LIMITS.keys} keys (not __proto__, constructor, prototype), ` +
          `${METADATA_LIMITS.bytes / 1024} KiB as JSON; numbers finite, integers within ±(2^53 - 1), ` +
          'magnitude at least 1e-130',
        maxProperties: METADATA_LIMITS.keys,
      }),
    ),
  );
