import { confirmSubscription, verifiedConfirmation } from '../../domain/audience/double-opt-in';
import { confirmedPage } from '../../http/confirmation-page';
import { HTML_HEADERS } from '../../http/unsubscribe-page';
import { confirmation } from './area';
import { defineRoute } from '../define-route';

/** The page's button: the body carries nothing the token does not say, so it is not read. */

export const confirmationConfirm = defineRoute(
  {
    ...confirmation,
    id: 'confirmation-confirm',
    method: 'POST',
    summary: 'Confirm a double opt-in subscription',
    description:
      'Confirms the subscription the link names (the link is valid 7 days) and answers a page saying so. A ' +
      "contact the subscription made starts the account's `contact.created` automations now.",
    // The contact the subscription made, and the automations its creation starts (runs written once).
    table: { read: ['list', 'contact', 'automation'], write: ['subscriber', 'automationRun'] },
    uses: ['subscribers', 'lists', 'tracking', 'clock', 'contacts', 'automations', 'ids'],
  },
  async ({ params }, deps) => {
    const listName = await confirmSubscription(deps, await verifiedConfirmation(deps, params.token));
    return { raw: confirmedPage(listName), headers: HTML_HEADERS };
  },
);

export default confirmationConfirm;
