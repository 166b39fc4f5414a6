import type { CampaignCounters, CampaignStore, Clock } from '../../ports';
import { isoTimestamp } from '../time';
import { CAMPAIGN_MOVES } from './campaign-status';
import type { CampaignStats } from '../types';

export interface CampaignStatsDeps {
  campaigns: CampaignStore;
  clock: Clock;
}

/**
 * A sending campaign is `sent` once its fan-out is done and every recipient it counted is settled
 * (sent or failed). Whoever makes the last of those changes sees it in the counters its own atomic
 * update answered, so exactly the last one finds it true; the transition is conditional all the same.
 */
export const settleIfDone = async (
  deps: CampaignStatsDeps,
  accountId: string,
  campaignId: string,
  counters: CampaignCounters,
) => {
  if (!counters.fanout_done || counters.sent + counters.failed < counters.recipients) return;
  const at = isoTimestamp(deps.clock.now());
  await deps.campaigns.transition(accountId, campaignId, CAMPAIGN_MOVES.finish, { finished_at: at, updated_at: at });
};

/** Bumps the campaign's counters (one UpdateItem ADD); a sent or failed mail may be the one that settles it. */
export const countForCampaign = async (
  deps: CampaignStatsDeps,
  accountId: string,
  campaignId: string,
  delta: Partial<CampaignStats>,
) => {
  const counters = await deps.campaigns.count(accountId, campaignId, delta);
  if (delta.sent || delta.failed) await settleIfDone(deps, accountId, campaignId, counters);
};
