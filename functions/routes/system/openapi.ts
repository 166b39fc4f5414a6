import { readFile } from 'node:fs/promises';
import { shippedFile } from '../../http/shipped-file';
import { defineRoute } from '../define-route';

const DOCUMENT = 'docs/openapi.json';
let document: Promise<unknown> | undefined;

/**
 * The document as `npm run docs` generated it from the route table (docs/openapi.json; a test keeps it
 * current), shipped beside the function and read once per instance: the function carries no route
 * module, so no other route's handler weighs in its bundle.
 */
export const openapi = defineRoute(
  {
    id: 'openapi',
    method: 'GET',
    path: '/api/v1/openapi.json',
    summary: 'Get this API as an OpenAPI 3.1 document',
    description: 'Generated from the route table: the schemas the handlers validate with are the ones documented.',
    tag: 'System',
    permission: null,
    rawResponse: 'application/json',
    files: [DOCUMENT],
  },
  async () => {
    document ??= readFile(shippedFile({ files: [DOCUMENT] }, DOCUMENT), 'utf8')
      .then((text) => JSON.parse(text) as unknown)
      .catch((error: unknown) => {
        document = undefined;
        throw error;
      });
    return { raw: await document };
  },
);

export default openapi;
