import { CONFIRM_PATH } from '../../domain/audience/double-opt-in';
import { unsubscribeParams } from '../../schemas/campaigns';

export const subscribers = { tag: 'Subscribers', permission: 'subscribers' } as const;

/**
 * The confirmation link of a double opt-in list's mail: public, the signed token names the
 * subscriber. GET only shows a page (mail scanners fetch every link), POST confirms.
 */
export const confirmation = {
  tag: 'Subscribers',
  permission: null,
  path: `${CONFIRM_PATH}{token}`,
  request: { params: unsubscribeParams },
  rawResponse: 'text/html',
  readerLink: { expires: true },
} as const;
