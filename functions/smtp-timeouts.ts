/**
 * nodemailer's limits for one SMTP send, in milliseconds. The Lambda timeouts of the functions that
 * send (lib/function-limits.ts) and the drainer's safety margin (functions/drain-timing.ts) are derived
 * from these, so a send gives up before the function that waits for it is killed. Plain values beside
 * drain-timing.ts, not under adapters/: config.ts reads them through drain-timing.ts, and the config
 * must not pull an adapter into everything that reads it.
 *
 * They were 10 s, 10 s and 20 s; lowered so that one send at its longest, plus the table writes
 * around it, fits in a synchronous route's 29 s (API Gateway gives an integration at most 30 s).
 */
export const SMTP_TIMEOUTS_MS = {
  /** Opening the TCP (and TLS) connection. */
  connection: 5_000,
  /** Waiting for the server's greeting once connected. */
  greeting: 5_000,
  /** Inactivity on an open connection: a stalled reply, e.g. to the final "." of DATA. */
  socket: 15_000,
} as const;

/** A send that stalls in every phase up to its limit: the longest one send waits before it fails. */
export const LONGEST_SMTP_SEND_MS = SMTP_TIMEOUTS_MS.connection + SMTP_TIMEOUTS_MS.greeting + SMTP_TIMEOUTS_MS.socket;
