import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { routeKeys, routeMatcher } from '../functions/http/route-matcher';
import { routes } from '../functions/routes';
import { apiGatewayEvent } from './api-gateway-event';

type LambdaHandler = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyStructuredResultV2>;

/** API Gateway refuses bodies over 10 MB before any Lambda runs; stop reading there too. */
const GATEWAY_BODY_LIMIT = 10 * 1024 * 1024;

const readBody = (request: IncomingMessage) =>
  new Promise<Buffer | undefined>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > GATEWAY_BODY_LIMIT) {
        resolve(undefined);
        request.destroy();
      } else chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });

const handlers = new Map<string, Promise<LambdaHandler>>();
/** Loads the route's own handler module, the same file the CDK stack bundles for its Lambda. */
const handlerFor = (id: string) => {
  let handler = handlers.get(id);
  if (!handler) {
    handler = import(`../functions/handlers/${id}.ts`).then((module: { handler: LambdaHandler }) => module.handler);
    handlers.set(id, handler);
  }
  return handler;
};

const lambdaContext = (functionName: string): Context =>
  ({
    functionName,
    awsRequestId: crypto.randomUUID(),
    getRemainingTimeInMillis: () => 29_000,
    callbackWaitsForEmptyEventLoop: false,
  }) as unknown as Context;

/** The local API: the route table dispatched to the Lambda handlers, as API Gateway does in AWS. */
export const createLocalServer = (): Server => {
  const match = routeMatcher(routes);
  // The $default handler learns the routes as the stack tells it in AWS.
  process.env.ROUTE_KEYS = routeKeys(routes);
  return createServer(async (request, response) => {
    try {
      const body = await readBody(request);
      const path = new URL(request.url ?? '/', 'http://localhost').pathname;
      if (body === undefined) {
        response.writeHead(413, { 'Content-Type': 'application/json' }).end(JSON.stringify({ message: 'Request Entity Too Large' }));
        return;
      }
      const found = match(request.method ?? 'GET', path);
      const [id, routeKey, params] =
        found.kind === 'route' ? [found.route.id, `${found.route.method} ${found.route.path}`, found.params] : ['not-found', '$default', {}];
      const handler = await handlerFor(id);
      const result = await handler(apiGatewayEvent(request, body, routeKey, params), lambdaContext(id));
      response.writeHead(result.statusCode ?? 200, result.headers as Record<string, string>);
      response.end(result.isBase64Encoded ? Buffer.from(result.body ?? '', 'base64') : result.body);
    } catch (error) {
      // Handlers answer every error themselves; reaching this is a bug in the local server.
      console.error(error);
      response.writeHead(500, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify({ success: false, error: { code: 'INTERNAL_ERROR', message: 'An unexpected error occurred' } }));
    }
  });
};
