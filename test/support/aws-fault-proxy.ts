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
}

export const startAwsFaultProxy = async (target: string) => {
  const rules: Rule[] = [];
  const calls: string[] = [];
  const proxy = await startProxyServer(target, (request, response) => {
    const operation = String(request.headers['x-amz-target'] ?? '').split('.').pop() ?? '';
    calls.push(operation);
    const rule = rules.find((r) => r.operation === operation && r.remaining > 0 && r.skip-- <= 0);
    if (!rule) return false;
    rule.remaining--;
    request.resume();
    request.on('end', () => {
      response.writeHead(rule.status, { 'Content-Type': 'application/x-amz-json-1.0', 'x-amzn-ErrorType': rule.type });
      response.end(JSON.stringify({ __type: rule.type, message: `injected ${rule.type}` }));
    });
    return true;
  });
  return {
    endpoint: proxy.endpoint,
    calls,
    /**
     * Fails `operation` `times` times (after letting `skip` calls through). The default is a 500
     * the SDK retries, for as many tries as it makes: a call that fails for good.
     */
    fail: (operation: string, { times = Number.POSITIVE_INFINITY, skip = 0, status = 500, type = 'InternalFailure' } = {}) => {
      rules.push({ operation, skip, remaining: times, status, type });
    },
    clear: () => void rules.splice(0),
    close: proxy.close,
  };
};
