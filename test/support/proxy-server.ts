import { createServer, request as forward, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A loopback HTTP proxy to `target`: `intercept` answers a request itself (a fault) by returning
 * true; everything else is forwarded unchanged. The fault proxies in front of the emulators use it.
 */
export const startProxyServer = async (
  target: string,
  intercept: (request: IncomingMessage, response: ServerResponse) => boolean,
) => {
  const server = createServer((request, response) => {
    if (intercept(request, response)) return;
    const upstream = forward(
      `${target}${request.url}`,
      { method: request.method, headers: request.headers },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on('error', () => response.destroy());
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
