/** Thrown by mailers. `transient` errors (throttling, 5xx, timeouts) may succeed when retried. */
export class MailerError extends Error {
  constructor(
    message: string,
    readonly reason: string,
    readonly transient: boolean,
  ) {
    super(message);
    this.name = 'MailerError';
  }
}
