import { createServer, request as forward } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * An HTTP proxy in front of an emulator that speaks an AWS JSON protocol (DynamoDB Local, the SQS
 * emulator): it forwards every call, except that chosen operations (by their X-Amz-Target, e.g.
 * `AmazonSQS.DeleteMessageBatch`) can be made to fail, so tests see what a failed AWS call does to
 * the service without mocking the SDK.
 */
interface Rule {
  operation: string;
  /** Calls to let through before failing. */
  skip: number;
  /** Calls to fail after that. */
  remaining: number;
  status: number;
  type: string;
}

export const startAwsFaultProxy = async (target: string) => {
  const rules: Rule[] = [];
  const calls: string[] = [];
  const server = createServer((request, response) => {
    const operation = String(request.headers['x-amz-target'] ?? '').split('.').pop() ?? '';
    calls.push(operation);
    const rule = rules.find((r) => r.operation === operation && r.remaining > 0 && r.skip-- <= 0);
    if (rule) {
      rule.remaining--;
      request.resume();
      request.on('end', () => {
        response.writeHead(rule.status, { 'Content-Type': 'application/x-amz-json-1.0', 'x-amzn-ErrorType': rule.type });
        response.end(JSON.stringify({ __type: rule.type, message: `injected ${rule.type}` }));
      });
      return;
    }
    const upstream = forward(`${target}${request.url}`, { method: request.method, headers: request.headers }, (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    });
    upstream.on('error', () => response.destroy());
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    calls,
    /**
     * Fails `operation` `times` times (after letting `skip` calls through). The default is a 500
     * the SDK retries, for as many tries as it makes: a call that fails for good.
     */
    fail: (operation: string, { times = Number.POSITIVE_INFINITY, skip = 0, status = 500, type = 'InternalFailure' } = {}) => {
      rules.push({ operation, skip, remaining: times, status, type });
    },
    clear: () => void rules.splice(0),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
