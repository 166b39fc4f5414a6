import type { CampaignStore, FirstHits } from '../../ports';
import { sha256Hex } from '../hash';
import { notFound } from '../errors';
import { requireAnchored, type IdPageRequest } from '../id-paging';

/**
 * Distinct URLs counted per campaign (docs/promises.md). A campaign's mail has a few links, but a link
 * written with a reader's variables is a URL per reader: past this many, clicks on a URL not yet counted
 * are still events and stats of their message, not rows of the campaign's clicked links.
 */
export const MAX_CAMPAIGN_LINKS = 100;

/** A URL's id: a digest of the URL as the click redirects to it (opaque, fixed length, a key's sort key). */
export const linkId = (url: string) => sha256Hex(url).slice(0, 32);

/** Link ids as linkId writes them (an anchor of another form is no link). */
export const LINK_ID = /^[0-9a-f]{32}$/;

/**
 * A reader's click on a campaign's link: counted on the URL's counter, and as a unique click when it is
 * the first of this URL in this message (one conditional Put). Two writes; a URL seen for the first time
 * costs one more (its place under MAX_CAMPAIGN_LINKS).
 */
export const countLinkClick = async (
  deps: { campaigns: CampaignStore; firstHits: FirstHits },
  accountId: string,
  campaignId: string,
  messageId: string,
  url: string,
) => {
  const id = linkId(url);
  const unique = await deps.firstHits.firstLinkClick(accountId, messageId, id);
  return deps.campaigns.countLink(accountId, campaignId, { id, url }, unique, MAX_CAMPAIGN_LINKS);
};

/** A page of the campaign's clicked links; NOT_FOUND when the account has no such campaign. */
export const listCampaignLinks = async (
  deps: { campaigns: CampaignStore },
  accountId: string,
  campaignId: string,
  request: IdPageRequest,
) => {
  if (!(await deps.campaigns.get(accountId, campaignId))) throw notFound('Campaign');
  return requireAnchored(await deps.campaigns.linksNextTo(accountId, campaignId, request), request);
};
