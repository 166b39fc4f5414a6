import { consoleAnswer, consoleFiles } from '../http/console-files';
import { publicApiHandler } from '../http/public-handler';
import { consolePage } from '../routes/console';

/** The console's page: names the current hashed assets, so it is asked again each time (no-cache). */
export const handler = publicApiHandler(consolePage, async ({ event }) =>
  consoleAnswer((await consoleFiles(consolePage)).page, event, 'no-cache'),
);
