/** How far ahead a campaign may be scheduled (docs/promises.md, "Campaigns"). */
export const MAX_SCHEDULE_DAYS = 30;

/** What creating a campaign asks for (schemas/campaigns.ts is checked against it). */
export interface CreateCampaignInput {
  name: string;
  subject: string;
  html?: string;
  text?: string;
  list_id: string;
  from_email?: string | null;
  from_name?: string | null;
  reply_to?: string | null;
  track_opens?: boolean;
  track_clicks?: boolean;
}

/** What an edit of a draft changes: the fields it names. */
export type UpdateCampaignInput = Partial<CreateCampaignInput>;
