/** Ports: Clock and ids: the two things of the machine the domain asks for. */

export interface Clock {
  now(): Date;
}

export interface Ids {
  /** A random UUID v4. */
  uuid(): string;
  /** `bytes` bytes from a CSPRNG, base64url. */
  secret(bytes: number): string;
}

/**
 * A write that other requests kept changing under it: DynamoDB cancelled it for a transaction
 * conflict each time it was tried. Nothing was written; the caller may try again, so it answers 409
 * CONFLICT with Retry-After, never a 500 (docs/promises.md, "Envelope and errors").
 */
export class WriteContentionError extends Error {
  constructor(readonly cause: unknown) {
    super('Other requests were changing the same records at the same time; try again');
    this.name = 'WriteContentionError';
  }
}
