import { AppError } from '../domain/errors';
import { consoleAnswer, consoleFiles } from '../http/console-files';
import { publicApiHandler } from '../http/public-handler';
import { consoleAsset } from '../routes/console';

/**
 * A console file by its hashed name. Only the names the build wrote are served (a lookup, never a
 * path joined from the request), so nothing else on disk can be reached.
 */
export const handler = publicApiHandler(consoleAsset, async ({ params, event }) => {
  const file = (await consoleFiles(consoleAsset)).assets.get(params.file);
  if (!file) throw new AppError('NOT_FOUND', 'No such console file');
  return consoleAnswer(file, event, 'public, max-age=31536000, immutable');
});
