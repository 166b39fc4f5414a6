import type { BounceStore, PageRequest } from '../../ports';
import { readPage } from '../paging';

/** GET /bounces: spec 2.5 without diagnostic_code, newest first. */
export const listBounces = async (bounces: BounceStore, accountId: string, page: PageRequest) => {
  const result = await readPage(page, (request) => bounces.page(accountId, request));
  return {
    bounces: result.items.map((b) => ({
      id: b.id,
      email: b.email,
      bounce_type: b.bounce_type,
      bounce_subtype: b.bounce_subtype,
      source: b.source,
      campaign_name: b.campaign_name,
      subscriber_name: b.subscriber_name,
      created_at: b.created_at,
    })),
    total: result.total,
    limit: page.limit,
    offset: page.offset,
    next_cursor: result.next_cursor,
  };
};
