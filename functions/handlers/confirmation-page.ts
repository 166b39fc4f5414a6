import { confirmationDeps } from '../adapters/wiring';
import { confirmationState, verifiedConfirmation } from '../domain/audience/double-opt-in';
import { askPage } from '../http/confirmation-page';
import { publicApiHandler } from '../http/public-handler';
import { HTML_HEADERS } from '../http/unsubscribe-page';
import { confirmationPage } from '../routes/audience';

const deps = confirmationDeps();

/** Mail scanners fetch every link: this only reads and asks. */
export const handler = publicApiHandler(confirmationPage, async ({ params }) => {
  const state = await confirmationState(deps, await verifiedConfirmation(deps, params.token));
  return { raw: askPage(state.listName, state.confirmed), headers: HTML_HEADERS };
});
