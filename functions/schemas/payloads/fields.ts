import * as z from 'zod/mini';

/**
 * Field kinds of provider payloads. Lengths are bounded because these values become parts of table
 * keys (event markers, address records, the provider-id index), which DynamoDB caps at 1 to 2 KB.
 * Every field may be absent or null: providers leave fields out, and some send null for "none".
 */
export const text = (max = 1000) => z.optional(z.nullable(z.string().check(z.maxLength(max))));

/** A recipient address as the provider names it (RFC 5321's 254), not checked further: it is the provider's. */
export const recipient = () => z.string().check(z.minLength(1), z.maxLength(254));

/** A provider's id of an event or of a message. */
export const providerId = () => text(400);

/** An object the provider may leave out or send as null. */
export const optionalObject = <T extends z.core.$ZodLooseShape>(shape: T) => z.optional(z.nullable(z.object(shape)));
