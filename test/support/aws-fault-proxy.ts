import { request as forward, type IncomingMessage, type ServerResponse } from 'node:http';
import { startProxyServer } from './proxy-server';

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
  /** Only calls whose body matches (e.g. one item's key among many UpdateItem calls). */
  body?: RegExp;
}

export const startAwsFaultProxy = async (target: string) => {
  const rules: Rule[] = [];
  const calls: string[] = [];
  const answerFault = (rule: Rule, response: ServerResponse) => {
    response.writeHead(rule.status, { 'Content-Type': 'application/x-amz-json-1.0', 'x-amzn-ErrorType': rule.type });
    response.end(JSON.stringify({ __type: rule.type, message: `injected ${rule.type}` }));
  };
  /** Reads the body, then fails the call if a body rule matches it, else forwards it as read. */
  const byBody = (request: IncomingMessage, response: ServerResponse, operation: string) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      const rule = rules.find(
        (r) => r.operation === operation && r.body?.test(body.toString('utf8')) && r.remaining > 0 && r.skip-- <= 0,
      );
      if (rule) {
        rule.remaining--;
        answerFault(rule, response);
        return;
      }
      const upstream = forward(
        `${target}${request.url}`,
        { method: request.method, headers: request.headers },
        (answer) => {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
        },
      );
      upstream.on('error', () => response.destroy());
      upstream.end(body);
    });
  };
  const proxy = await startProxyServer(target, (request, response) => {
    const operation =
      String(request.headers['x-amz-target'] ?? '')
        .split('.')
        .pop() ?? '';
    calls.push(operation);
    if (rules.some((r) => r.operation === operation && r.body && r.remaining > 0)) {
      byBody(request, response, operation);
      return true;
    }
    const rule = rules.find((r) => r.operation === operation && !r.body && r.remaining > 0 && r.skip-- <= 0);
    if (!rule) return false;
    rule.remaining--;
    request.resume();
    request.on('end', () => answerFault(rule, response));
    return true;
  });
  return {
    endpoint: proxy.endpoint,
    calls,
    /**
     * Fails `operation` `times` times (after letting `skip` calls through). The default is a 500
     * the SDK retries, for as many tries as it makes: a call that fails for good.
     */
    fail: (
      operation: string,
      {
        times = Number.POSITIVE_INFINITY,
        skip = 0,
        status = 500,
        type = 'InternalFailure',
        body,
      }: { times?: number; skip?: number; status?: number; type?: string; body?: RegExp } = {},
    ) => {
      rules.push({ operation, skip, remaining: times, status, type, body });
    },
    clear: () => void rules.splice(0),
    close: proxy.close,
  };
};
