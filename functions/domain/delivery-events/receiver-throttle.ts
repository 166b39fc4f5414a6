import { consumeWindow, type RateLimitDeps } from '../auth/rate-limit';

/**
 * Receiver calls per provider per minute. Receivers are public: without a limit, forged calls
 * would each cost table reads and (SNS) a certificate download. 600 a minute is far above what a
 * provider sends one receiver (they batch: SendGrid up to thousands of events per POST), and a
 * provider answered 429 delivers again later. RECEIVER_RATE_LIMIT_PER_MINUTE overrides it.
 */
export const RECEIVER_CALLS_PER_MINUTE = 600;

export interface ReceiverThrottleDeps extends RateLimitDeps {
  /** Calls a provider's receiver may take per minute (config: RECEIVER_RATE_LIMIT_PER_MINUTE). */
  receiverCallsPerMinute: number;
}

/** Counts one call to the provider's receiver, before any verification work; 429 past the limit. */
export const countReceiverCall = (deps: ReceiverThrottleDeps, providerId: string) =>
  consumeWindow(deps, `receiver:${providerId}`, deps.receiverCallsPerMinute);
