import { confirmationState, verifiedConfirmation } from '../../domain/audience/double-opt-in';
import { askPage } from '../../http/confirmation-page';
import { HTML_HEADERS } from '../../http/unsubscribe-page';
import { confirmation } from './area';
import { defineRoute } from '../define-route';

/** Mail scanners fetch every link: this only reads and asks. */

export const confirmationPage = defineRoute(
  {
    ...confirmation,
    id: 'confirmation-page',
    method: 'GET',
    summary: 'Show the double opt-in confirmation page',
    description: 'A page naming the list with a Confirm button; it changes nothing.',
    table: { read: ['subscriber', 'list'] },
    uses: ['subscribers', 'lists', 'tracking', 'clock'],
  },
  async ({ params }, deps) => {
    const state = await confirmationState(deps, await verifiedConfirmation(deps, params.token));
    return { raw: askPage(state.listName, state.confirmed), headers: HTML_HEADERS };
  },
);

export default confirmationPage;
