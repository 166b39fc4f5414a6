import type { SubscriptionConfirmer } from '../ports';

const getUrl = async (url: string) => {
  const response = await fetch(url, { signal: AbortSignal.timeout(5000), redirect: 'error' });
  if (!response.ok) throw new Error(`SubscribeURL answered ${response.status}`);
};

let visit = getUrl;

/** Confirms an SNS subscription by visiting its SubscribeURL (checked to be on an SNS host). */
export const subscriptionConfirmer: SubscriptionConfirmer = { confirm: (url) => visit(url) };

/**
 * Tests only: no local peer serves SNS's SubscribeURL over HTTPS, so tests replace this one GET
 * (and record what would have been visited). `undefined` restores the real one.
 */
export const setSubscriptionVisitorForTests = (replacement: ((url: string) => Promise<void>) | undefined) => {
  visit = replacement ?? getUrl;
};
