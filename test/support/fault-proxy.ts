import type { IncomingMessage, ServerResponse } from 'node:http';
import { startProxyServer } from './proxy-server';

export type Fault = 'throttle' | 'server-error' | 'drop' | 'reject';

/**
 * An HTTP proxy in front of the SES emulator that records when each API call arrives and can answer
 * with faults instead of forwarding: 429 throttling, 500, a dropped connection, or SES's permanent
 * MessageRejected (400). Faults apply to SendEmail calls only; GetAccount always passes.
 */
export const startFaultProxy = async (target: string) => {
  const sends: number[] = [];
  const state = { fault: undefined as Fault | undefined, remaining: Number.POSITIVE_INFINITY };

  const answerFault = (fault: Fault, request: IncomingMessage, response: ServerResponse) => {
    if (fault === 'drop') {
      request.socket.destroy();
      return;
    }
    const [status, type] =
      fault === 'throttle'
        ? [429, 'TooManyRequestsException']
        : fault === 'server-error'
          ? [500, 'InternalFailure']
          : [400, 'MessageRejected'];
    response.writeHead(status, { 'Content-Type': 'application/json', 'x-amzn-ErrorType': type });
    response.end(JSON.stringify({ message: `injected ${type}` }));
  };

  const proxy = await startProxyServer(target, (request, response) => {
    const isSend = request.method === 'POST' && request.url?.includes('/outbound-emails');
    if (isSend) sends.push(Date.now());
    if (!isSend || !state.fault || state.remaining <= 0) return false;
    state.remaining--;
    request.resume();
    request.on('end', () => answerFault(state.fault!, request, response));
    return true;
  });
  return {
    endpoint: proxy.endpoint,
    /** Arrival times (ms) of SendEmail calls. */
    sends,
    /** Injects `fault` for the next `count` SendEmail calls (all of them when no count). */
    inject: (fault: Fault | undefined, count = Number.POSITIVE_INFINITY) => {
      state.fault = fault;
      state.remaining = count;
    },
    close: proxy.close,
  };
};
