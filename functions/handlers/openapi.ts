import { publicApiHandler } from '../http/public-handler';
import { openApiDocument } from '../openapi';
import { routes } from '../routes';
import { openapi } from '../routes/system';

let document: ReturnType<typeof openApiDocument> | undefined;

/** The document is built once per instance; the route table cannot change while it runs. */
export const handler = publicApiHandler(openapi, async () => ({ raw: (document ??= openApiDocument(routes)) }));
