import type { CampaignRecipient, CampaignStore } from '../../ports';
import { unknownAnchor, type IdPageRequest } from '../id-paging';
import { notFound } from '../errors';
import type { MessageStatus } from '../types';

/** Resend's recipient kinds (its `type` filter), each read from the mail's status and hit counts. */
export const RECIPIENT_TYPES = [
  'sent',
  'delivered',
  'opened',
  'clicked',
  'bounced',
  'complained',
  'unsubscribed',
  'suppressed',
] as const;
export type RecipientType = (typeof RECIPIENT_TYPES)[number];

/** Statuses of mail that left for the provider. */
const LEFT: readonly MessageStatus[] = ['sent', 'delivered', 'bounced', 'complained'];

/**
 * Whether a recipient is of the kind. `unsubscribed` is counted per campaign, not kept per mail: no
 * recipient is of it (the campaign's stats hold the number).
 */
const isOfType = (type: RecipientType | undefined, r: CampaignRecipient) => {
  switch (type) {
    case undefined:
      return true;
    case 'sent':
      return LEFT.includes(r.status);
    case 'delivered':
      return r.status === 'delivered' || r.status === 'complained';
    case 'opened':
      return r.open_hits > 0;
    case 'clicked':
      return r.click_hits > 0;
    case 'bounced':
    case 'complained':
    case 'suppressed':
      return r.status === type;
    case 'unsubscribed':
      return false;
  }
};

/** Pages of members read at most for one answer, when a kind filters most of them out. */
const MAX_ROUNDS = 5;

/**
 * The mail a campaign made, one per member of its list, newest member first, paged by member
 * (subscriber) ids: a page of the list and one BatchGetItem of its mail, at any depth. Filtered by
 * kind: reading onwards (no anchor, or `after`) goes on for up to MAX_ROUNDS pages until one holds a
 * match, so a page is empty only when nothing follows or that budget ran out; `before` reads one page.
 */
export const listCampaignRecipients = async (
  deps: { campaigns: CampaignStore },
  accountId: string,
  id: string,
  request: IdPageRequest & { type?: RecipientType; email?: string },
) => {
  const campaign = await deps.campaigns.get(accountId, id);
  if (!campaign) throw notFound('Campaign');
  const first = await deps.campaigns.recipientsNextTo(accountId, campaign, request);
  if (!first) throw unknownAnchor(request);
  let page = first;
  const found = page.items.filter((r) => isOfType(request.type, r));
  for (let round = 1; round < MAX_ROUNDS && !found.length && page.has_more && request.before === undefined; round++) {
    if (!page.last_member) break;
    const next = await deps.campaigns.recipientsNextTo(accountId, campaign, { ...request, after: page.last_member });
    if (!next) break;
    page = next;
    found.push(...page.items.filter((r) => isOfType(request.type, r)));
  }
  return {
    has_more: page.has_more,
    items: found.slice(0, request.limit).map((r) => ({
      id: r.subscriber_id,
      email: r.email,
      status: r.status,
      opens: r.open_hits,
      clicks: r.click_hits,
    })),
  };
};
