import type { BounceStore, PageRequest } from '../../ports';
import { validationError } from '../errors';

/** GET /bounces: spec 2.5 without diagnostic_code, newest first. */
export const listBounces = async (bounces: BounceStore, accountId: string, page: PageRequest) => {
  if (page.cursor !== undefined && page.offset > 0) throw validationError([{ field: 'cursor', message: 'Use either offset or cursor, not both' }]);
  const result = await bounces.page(accountId, page);
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
