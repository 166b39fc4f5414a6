import * as z from 'zod/mini';
import en from 'zod/v4/locales/en.js';
import { hasBody, NO_BODY } from '../domain/mail/mail-body';

// zod/mini ships without messages; the English locale gives VALIDATION_ERROR details a readable text.
z.config(en());

/**
 * An address: at most 254 characters (RFC 5321's limit on a path), which also keeps every table key
 * built from an address (suppressions, subscriptions, OTP windows) under DynamoDB's 1 KB sort-key
 * limit. zod's pattern admits no CR, LF or NUL, so an address is header-safe as it is.
 */
export const email = () =>
  z.email({ error: 'Invalid email address' }).check(z.maxLength(254, 'An email address is at most 254 characters'));
export const nonEmpty = (max: number) => z.string().check(z.trim(), z.minLength(1), z.maxLength(max));
/**
 * Text that becomes (part of) a mail header: the subject, a sender's display name. CR or LF would
 * end the header and start one of the caller's choosing (header injection), and NUL is not allowed
 * in a message at all (RFC 5322), so all three are refused rather than passed to SES or SMTP.
 */
export const headerText = (min: number, max: number) =>
  z
    .string()
    .check(
      z.minLength(min),
      z.maxLength(max),
      z.regex(/^[^\r\n\0]*$/, 'CR, LF and NUL are not allowed in a mail header'),
    );

/**
 * A list id given in a body or query (`list_id`) is a UUID: anything else cannot name a list, so it
 * answers 400 VALIDATION_ERROR before any table read. (Path ids are only length-checked: see idParams.)
 */
/** A mail's body rule (domain/mail/mail-body.ts), where the request's shape is checked. */
export const bodyRequired = () =>
  z.refine<{ html?: string | null; text?: string | null }>(hasBody, {
    message: NO_BODY.message,
    path: [NO_BODY.field],
  });

type Assignable<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** Each assignable to the other, with the same fields (an optional field only one side has is a difference too). */
type Same<A, B> = Assignable<A, B> extends true ? Assignable<keyof A, keyof B> : false;

/**
 * The domain declares its input types (domain/<area>/*-input.ts); a request schema is checked against
 * one at compile time: `parsesTo<SendMailInput>()(schema)` fails to compile unless what the schema
 * parses into is exactly that type. The schema adds the limits a type cannot say.
 */
/** An ISO 8601 date-time with its zone (`scheduled_at`, a log's `since` and `until`). */
export const isoWithZone = () =>
  z.iso.datetime({ offset: true, error: 'An ISO 8601 date-time with a zone, e.g. 2030-01-01T09:00:00Z' });

export const parsesTo =
  <T>() =>
  <S extends z.ZodMiniType>(
    schema: S & (Same<z.output<S>, T> extends true ? unknown : { 'the schema does not parse into the domain type': T }),
  ) =>
    schema as S;

export const uuidParam = () =>
  z.string().check(z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'Not a valid id'));

/** DELETE answers carry a top-level message and no data. */
export const deletedMessage = z.object({ message: z.string() });

/**
 * A partial update (PATCH, or PUT of some fields) names at least one field it changes: a body with
 * none (empty, or only fields the route does not take, which parsing drops) is refused, not answered
 * as a change. `field` is where the message is shown; `ignore` names fields that change nothing (an id
 * an SDK repeats in the body).
 */
export const someFieldToChange = <T extends object>(
  field: string,
  { message = 'Give at least one field to change', ignore = [] as string[] } = {},
) =>
  z.refine<T>((body) => Object.entries(body).some(([name, value]) => value !== undefined && !ignore.includes(name)), {
    message,
    path: [field],
  });
