import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { runAs } from '../functions/adapters/call-log';
import { routeKeys, routeMatcher } from '../functions/http/route-matcher';
import * as adapters from '../functions/adapters/capabilities';
import { handler as notFound } from '../functions/handlers/not-found';
import { routeHandler } from '../functions/http/route-handler';
import { routes } from '../functions/routes';
import { apiGatewayEvent } from './api-gateway-event';

type LambdaHandler = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyStructuredResultV2>;

/** API Gateway refuses bodies over 10 MB before any Lambda runs; stop reading there too. */
const GATEWAY_BODY_LIMIT = 10 * 1024 * 1024;

/**
 * Reads the body up to the gateway's limit. Past it the rest is read and dropped, not cut off: a
 * client still sending would otherwise see a connection reset instead of the 413.
 */
const readBody = (request: IncomingMessage) =>
  new Promise<Buffer | undefined>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= GATEWAY_BODY_LIMIT) chunks.push(chunk);
    });
    request.on('end', () => resolve(size > GATEWAY_BODY_LIMIT ? undefined : Buffer.concat(chunks)));
    request.on('error', reject);
  });

const envelope = (code: string, message: string) => JSON.stringify({ success: false, error: { code, message } });

/**
 * What Node's HTTP parser refuses before any handler runs (an unknown method such as FOO, a
 * malformed request line or header) still gets the contract's envelope, not an empty 400.
 */
const answerParserError = (error: Error & { code?: string }, socket: Duplex) => {
  if (!socket.writable) return socket.destroy();
  const [status, reason, code, message] =
    error.code === 'HPE_INVALID_METHOD'
      ? [405, 'Method Not Allowed', 'METHOD_NOT_ALLOWED', 'This method is not supported']
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'Request Header Fields Too Large', 'VALIDATION_ERROR', 'The request headers are too large']
        : [400, 'Bad Request', 'VALIDATION_ERROR', 'The request is malformed'];
  const body = envelope(code, message);
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
};

const handlers = new Map<string, LambdaHandler>();
/** The route's handler as its Lambda entry builds it (functions/http/route-handler.ts), once per route. */
const handlerFor = (id: string): LambdaHandler => {
  let handler = handlers.get(id);
  if (!handler) {
    const route = routes.find((candidate) => candidate.id === id);
    handler = (route ? routeHandler(route, adapters) : notFound) as LambdaHandler;
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
  // The catch-all (ANY /{proxy+}) handler learns the routes as the stack tells it in AWS.
  process.env.ROUTE_KEYS = routeKeys(routes);
  const server = createServer(async (request, response) => {
    try {
      const body = await readBody(request);
      const path = new URL(request.url ?? '/', 'http://localhost').pathname;
      if (body === undefined) {
        response.writeHead(413, { 'Content-Type': 'application/json', Connection: 'close' });
        response.end(
          envelope('PAYLOAD_TOO_LARGE', 'The request body may be at most 10 MiB (API Gateway refuses larger ones)'),
        );
        return;
      }
      const found = match(request.method ?? 'GET', path);
      const [id, routeKey, params] =
        found.kind === 'route'
          ? [found.route.id, `${found.route.method} ${found.route.path}`, found.params]
          : ['not-found', 'ANY /{proxy+}', {}];
      // Each route's AWS calls are recorded as its own when the tests keep the call log (test/iam/).
      const handler = runAs(id, handlerFor(id));
      const result = await handler(apiGatewayEvent(request, body, routeKey, params), lambdaContext(id));
      response.writeHead(result.statusCode ?? 200, result.headers as Record<string, string>);
      response.end(result.isBase64Encoded ? Buffer.from(result.body ?? '', 'base64') : result.body);
    } catch (error) {
      // Handlers answer every error themselves; reaching this is a bug in the local server.
      console.error(error);
      response.writeHead(500, { 'Content-Type': 'application/json' });
      response.end(envelope('INTERNAL_ERROR', 'An unexpected error occurred'));
    }
  });
  server.on('clientError', answerParserError);
  // A client that reuses an idle connection just as the server closes it gets ECONNRESET (Node closes idle
  // ones after 5 s; fetch keeps them 4 s, and a busy event loop fires that late): the fuzz suite met it at 16
  // requests at once. The server now waits longer than any client, as API Gateway does.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  return server;
};
