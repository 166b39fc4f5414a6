/**
 * The one retry pause of the table adapters: capped exponential backoff with full jitter (a random
 * pause up to min(cap, base * 2^attempt)), so that Lambdas retrying against the same items at the
 * same moment spread out instead of colliding again.
 */
const BASE_MS = 25;
const CAP_MS = 1000;

export const backoffDelay = (attempt: number) => Math.random() * Math.min(CAP_MS, BASE_MS * 2 ** attempt);

export const pause = (attempt: number) => new Promise((resolve) => setTimeout(resolve, backoffDelay(attempt)));
