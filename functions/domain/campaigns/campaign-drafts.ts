import { AppError, notFound } from '../errors';
import { isoTimestamp } from '../time';
import { CAMPAIGN_MOVES } from './campaign-status';
import { type CampaignDeps, getCampaign, storeNewDraft } from './campaigns';

/**
 * A scheduled campaign back to a draft (Resend's broadcast `cancel`), to edit and send again. Nothing of
 * it was sent: its fan-out job, waiting for the time, reads the status when it wakes and stops at a
 * draft; sent again meanwhile, the job finds the new time and waits for it (it never starts early, and
 * the start is one conditional move, so two waiting jobs start it once).
 */
export const unscheduleCampaign = async (
  deps: Pick<CampaignDeps, 'campaigns' | 'clock'>,
  accountId: string,
  id: string,
) => {
  const campaign = await deps.campaigns.get(accountId, id);
  if (!campaign) throw notFound('Campaign');
  const at = isoTimestamp(deps.clock.now());
  const moved = await deps.campaigns.transition(accountId, id, CAMPAIGN_MOVES.unschedule, {
    send_at: null,
    provider_id: null,
    updated_at: at,
  });
  if (!moved)
    throw new AppError(
      'CONFLICT',
      `The campaign is ${campaign.status}; only a scheduled campaign can go back to draft`,
    );
  return getCampaign(deps, accountId, id);
};

/**
 * A new draft with the campaign's content, list, sender and tracking (Resend's broadcast `duplicate`),
 * whatever the original's status: the copy has no stats, no schedule and no provider yet.
 */
export const duplicateCampaign = async (deps: CampaignDeps, accountId: string, id: string) => {
  const original = await deps.campaigns.get(accountId, id);
  if (!original) throw notFound('Campaign');
  return storeNewDraft(deps, accountId, original);
};
