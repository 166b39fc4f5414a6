import type { StatusMove } from '../status-move';
import type { CampaignStatus } from '../types';

/** Only a draft may be edited, deleted or sent: a campaign past it is never changed under its fan-out. */
export const EDITABLE: readonly CampaignStatus[] = ['draft'];

/** Every move a campaign makes, by name (docs/promises.md, "Campaigns"). */
export const CAMPAIGN_MOVES = {
  schedule: { from: EDITABLE, to: 'scheduled' },
  start: { from: EDITABLE, to: 'sending' },
  /** The fan-out of a scheduled campaign, when its time comes. */
  startScheduled: { from: ['scheduled'], to: 'sending' },
  finish: { from: ['sending'], to: 'sent' },
  /** Its provider is gone, or the fan-out could not be queued. */
  failScheduled: { from: ['scheduled'], to: 'failed' },
  failSending: { from: ['sending'], to: 'failed' },
  cancel: { from: ['scheduled', 'sending'], to: 'cancelled' },
  /** Resend's cancel: a scheduled campaign back to an editable draft (its waiting job then finds it so, and stops). */
  unschedule: { from: ['scheduled'], to: 'draft' },
} as const satisfies Record<string, StatusMove<CampaignStatus>>;
