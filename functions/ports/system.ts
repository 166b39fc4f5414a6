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
