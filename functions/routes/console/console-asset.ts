import * as z from 'zod/mini';
import { AppError } from '../../domain/errors';
import { consoleAnswer, consoleFiles } from '../../http/console-files';
import { consoleRoute } from './area';
import { defineRoute } from '../define-route';

/**
 * A console file by its hashed name. Only the names the build wrote are served (a lookup, never a
 * path joined from the request), so nothing else on disk can be reached.
 */

export const consoleAsset = defineRoute(
  {
    ...consoleRoute,
    id: 'console-asset',
    path: '/console/{file}',
    summary: 'Get a file of the web console (script, style sheet, icon)',
    description: "Named by its content's hash, so it may be cached for ever.",
    request: { params: z.object({ file: z.string().check(z.minLength(1), z.maxLength(200)) }) },
    rawResponse: ['text/javascript', 'text/css', 'image/svg+xml'],
    errors: ['NOT_FOUND'],
  },
  async ({ params, event }) => {
    const file = (await consoleFiles(consoleRoute)).assets.get(params.file);
    if (!file) throw new AppError('NOT_FOUND', 'No such console file');
    return consoleAnswer(file, event, 'public, max-age=31536000, immutable');
  },
);

export default consoleAsset;
