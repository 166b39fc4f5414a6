import { saveReaderPreferences } from '../../domain/campaigns/preferences';
import { UNSUBSCRIBE_PATH, verifiedUnsubscribe } from '../../domain/campaigns/unsubscribe';
import { rawBody } from '../../http/raw-body';
import { HTML_HEADERS, preferencesPage } from '../../http/unsubscribe-page';
import { PREFERENCES_USES, unsubscribeLink } from './area';
import { defineRoute } from '../define-route';

/** The form's body: `topic=<id>` for each box checked (at most the first 16 KiB: 100 topics fit). */
const checkedTopics = (body: Buffer) => new URLSearchParams(body.subarray(0, 16_384).toString('utf8')).getAll('topic');

export const preferencesSave = defineRoute(
  {
    ...unsubscribeLink,
    id: 'preferences-save',
    method: 'POST',
    path: `${UNSUBSCRIBE_PATH}{token}/preferences`,
    summary: "Save the reader's choice of each public topic",
    description:
      'Form body `topic=<id>` for each topic taken: those are `opt_in`, the other public topics `opt_out`. ' +
      'Private topics and list memberships stay. Answers the page with the choices saved.',
    uses: PREFERENCES_USES,
  },
  async ({ params, event }, deps) => {
    const claim = await verifiedUnsubscribe(deps, params.token);
    const saved = await saveReaderPreferences(deps, claim, checkedTopics(rawBody(event)));
    return { raw: preferencesPage(saved, true), headers: HTML_HEADERS };
  },
);

export default preferencesSave;
