import * as z from 'zod/mini';
import en from 'zod/v4/locales/en.js';

// zod/mini ships without messages; the English locale gives VALIDATION_ERROR details a readable text.
z.config(en());

export const email = () => z.email({ error: 'Invalid email address' });
export const nonEmpty = (max: number) => z.string().check(z.trim(), z.minLength(1), z.maxLength(max));
export const metadata = () => z.record(z.string(), z.unknown());

/** Path ids are UUIDs: anything else cannot exist, so it answers 404 rather than reading the table. */
export const uuidParam = () => z.string().check(z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'Not a valid id'));

/** DELETE answers carry a top-level message and no data. */
export const deletedMessage = z.object({ message: z.string() });
