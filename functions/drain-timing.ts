import { LONGEST_SMTP_SEND_MS } from './smtp-timeouts';

/** How long a drain run takes new work unless DRAIN_BUDGET_SECONDS says otherwise. */
export const DRAIN_BUDGET_SECONDS = 50;

/**
 * What a drain run keeps of its Lambda's time after it takes its last item: that item's send at its
 * longest (sends run concurrently, so the last one started is the last to end), then its status
 * write and the queue delete. The stack sizes the drainer's timeout from the two (lib/function-limits.ts).
 */
export const DRAIN_SAFETY_MS = LONGEST_SMTP_SEND_MS + 3_000;
