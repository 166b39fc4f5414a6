/** How far ahead a campaign may be scheduled (docs/promises.md, "Campaigns"). */
export const MAX_SCHEDULE_DAYS = 30;

/**
 * A campaign's bodies live in its table item (400 KB at most, with everything else): html and text
 * together at most 256 KiB, half the cap of a single send.
 */
export const MAX_CAMPAIGN_BODY_BYTES = 256 * 1024;

/**
 * What creating a campaign asks for (schemas/campaigns.ts is checked against it): its own subject and
 * bodies, or a stored template (`template_id`, with the `variables` every reader shares) in their place.
 */
export interface CreateCampaignInput {
  name: string;
  subject?: string;
  template_id?: string;
  variables?: Record<string, unknown>;
  html?: string;
  text?: string;
  list_id: string;
  /** A topic of the account: only its opted-in contacts are reached (null on update: no topic). */
  topic_id?: string | null;
  from_email?: string | null;
  from_name?: string | null;
  reply_to?: string | null;
  track_opens?: boolean;
  track_clicks?: boolean;
  /** The tenant its mail goes out as, by id or name (issue 42); a tenant key's own without naming it. */
  tenant?: string;
}

/**
 * What an edit of a draft changes: the fields it names; `template_id: null` keeps the template's copy as the
 * campaign's own content.
 */
export type UpdateCampaignInput = Partial<Omit<CreateCampaignInput, 'template_id' | 'tenant'>> & {
  template_id?: string | null;
};
