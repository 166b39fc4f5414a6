import { readerPreferences } from '../../domain/campaigns/preferences';
import { UNSUBSCRIBE_PATH, verifiedUnsubscribe } from '../../domain/campaigns/unsubscribe';
import { HTML_HEADERS, preferencesPage } from '../../http/unsubscribe-page';
import { PREFERENCES_USES, unsubscribeLink } from './area';
import { defineRoute } from '../define-route';

/** The unsubscribe link's own token opens the reader's preferences: signed, no login. GET changes nothing. */
export const preferencesShow = defineRoute(
  {
    ...unsubscribeLink,
    id: 'preferences-page',
    method: 'GET',
    path: `${UNSUBSCRIBE_PATH}{token}/preferences`,
    summary: "Show the reader's choice of each public topic",
    description: 'A form with a checkbox for each public topic of the account, checked while the reader takes it.',
    table: 'read',
    uses: PREFERENCES_USES,
  },
  async ({ params }, deps) => {
    const claim = await verifiedUnsubscribe(deps, params.token);
    return { raw: preferencesPage(await readerPreferences(deps, claim), false), headers: HTML_HEADERS };
  },
);

export default preferencesShow;
