import type { SubscriptionConfirmer } from '../ports';
import { testSeams } from './test-seams';

const getUrl = async (url: string) => {
  const response = await fetch(url, { signal: AbortSignal.timeout(5000), redirect: 'error' });
  if (!response.ok) throw new Error(`SubscribeURL answered ${response.status}`);
};

/**
 * Confirms an SNS subscription by visiting its SubscribeURL (checked to be on an SNS host). No local
 * peer serves that URL over HTTPS, so tests replace this one GET (test-seams.ts).
 */
export const subscriptionConfirmer: SubscriptionConfirmer = {
  confirm: (url) => (testSeams.visitSubscribeUrl ?? getUrl)(url),
};
