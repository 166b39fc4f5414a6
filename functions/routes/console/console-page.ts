import { consoleAnswer, consoleFiles } from '../../http/console-files';
import { consoleRoute } from './area';
import { defineRoute } from '../define-route';

/** The console's page: names the current hashed assets, so it is asked again each time (no-cache). */

export const consolePage = defineRoute(
  {
    ...consoleRoute,
    id: 'console-page',
    path: '/console',
    summary: 'Get the web console (HTML)',
    description:
      'Sign in with an API key; every script, style and image the console loads comes from this service ' +
      '(Content-Security-Policy).',
    rawResponse: 'text/html',
  },
  async ({ event }) => consoleAnswer((await consoleFiles(consoleRoute)).page, event, 'no-cache'),
);

export default consolePage;
