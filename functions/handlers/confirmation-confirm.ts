import { confirmationDeps } from '../adapters/wiring';
import { confirmSubscription, verifiedConfirmation } from '../domain/audience/double-opt-in';
import { confirmedPage } from '../http/confirmation-page';
import { publicApiHandler } from '../http/public-handler';
import { HTML_HEADERS } from '../http/unsubscribe-page';
import { confirmationConfirm } from '../routes/audience';

const deps = confirmationDeps();

/** The page's button: the body carries nothing the token does not say, so it is not read. */
export const handler = publicApiHandler(confirmationConfirm, async ({ params }) => {
  const listName = await confirmSubscription(deps, await verifiedConfirmation(deps, params.token));
  return { raw: confirmedPage(listName), headers: HTML_HEADERS };
});
