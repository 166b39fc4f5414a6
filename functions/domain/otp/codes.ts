import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';

/** A code of `length` digits from the CSPRNG, every value equally likely (leading zeros kept). */
export const newCode = (length: number) => String(randomInt(0, 10 ** length)).padStart(length, '0');

/**
 * HMAC-SHA256 with the deployment's key over the session, the address and the code: a stolen table
 * cannot be brute-forced without the key, and a hash cannot be moved to another session or address.
 */
export const codeHash = (key: string, sessionId: string, email: string, code: string) =>
  createHmac('sha256', key).update(`${sessionId}\n${email.toLowerCase()}\n${code}`).digest('hex');

/** Constant-time comparison of two hex hashes. */
export const sameHash = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a, 'hex'), Buffer.from(b, 'hex'));
